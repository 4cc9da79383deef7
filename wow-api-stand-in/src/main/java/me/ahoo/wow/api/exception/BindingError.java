package me.ahoo.wow.api.exception;

/** Stand-in for Wow's validation error of one property. */
public record BindingError(String name, String msg) {
}
