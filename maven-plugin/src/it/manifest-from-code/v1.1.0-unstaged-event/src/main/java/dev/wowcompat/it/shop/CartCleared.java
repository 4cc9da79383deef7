package dev.wowcompat.it.shop;

import me.ahoo.wow.api.annotation.Event;

/** Breaking as released: a new event written by 1.1.0 that the 1.0.0 nodes of a rolling upgrade cannot read. */
@Event
public record CartCleared(int itemsRemoved) {}
