package dev.wowcompat.it.shop;

import dev.wowcompat.annotations.Unit;
import me.ahoo.wow.api.annotation.Event;

/** Breaking: reservedFor now counts seconds, but facts written by 1.0.0 count milliseconds. */
@Event
public record ItemAdded(String sku, int quantity, @Unit("s") long reservedFor) {}
