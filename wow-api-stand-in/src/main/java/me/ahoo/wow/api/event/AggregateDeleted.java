package me.ahoo.wow.api.event;

import me.ahoo.wow.api.annotation.Event;

/** Stand-in: the event of a deleted aggregate. */
@Event
public interface AggregateDeleted {
}
