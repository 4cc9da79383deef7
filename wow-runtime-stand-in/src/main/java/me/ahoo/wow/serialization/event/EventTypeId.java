package me.ahoo.wow.serialization.event;

/** Stand-in for Wow's identity of an event type: context, aggregate and event name. */
public record EventTypeId(String contextName, String aggregateName, String name) {
}
