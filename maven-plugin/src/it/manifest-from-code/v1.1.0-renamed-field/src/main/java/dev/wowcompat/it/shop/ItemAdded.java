package dev.wowcompat.it.shop;

import dev.wowcompat.annotations.Unit;
import me.ahoo.wow.api.annotation.Event;

/** Breaking: the component sku is renamed, so facts written by 1.0.0 lose their SKU for 1.1.0's readers. */
@Event
public record ItemAdded(String productSku, int quantity, @Unit("ms") long reservedFor) {}
