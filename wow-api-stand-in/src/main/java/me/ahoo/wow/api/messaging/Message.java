package me.ahoo.wow.api.messaging;

/** Stand-in for Wow's message: a body of type {@code T} with its headers; handlers may take one for its body. */
public interface Message<S extends Message<S, T>, T> {
    T getBody();
}
