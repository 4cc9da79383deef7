package dev.wowcompat.it.shop;

import dev.wowcompat.annotations.Unit;
import me.ahoo.wow.api.annotation.Event;

/** An item went into the cart; it stays reserved for a while. */
@Event
public record ItemAdded(String sku, int quantity, @Unit("ms") long reservedFor) {}
