package me.ahoo.wow.api.modeling;

/** Stand-in for Wow's aggregate id; a handler may take one as an injected parameter. */
public interface AggregateId {
    String getId();
}
