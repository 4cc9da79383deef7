package dev.wowcompat.it.shop;

import me.ahoo.wow.api.annotation.Event;

/** An item left the cart. */
@Event
public record ItemRemoved(String sku) {}
