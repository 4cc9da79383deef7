package me.ahoo.wow.api.event;

import me.ahoo.wow.api.annotation.Event;

/** Stand-in: the event of a recovered aggregate. */
@Event
public interface AggregateRecovered {
}
