package dev.wowcompat.it.shop;

import dev.wowcompat.annotations.Default;
import dev.wowcompat.annotations.Staged;
import dev.wowcompat.annotations.Unit;
import me.ahoo.wow.api.annotation.Event;

/** 1.1.0 reads the gift wrapping (absent in older facts: "none") but does not write it yet; 1.2.0 may. */
@Event
public record ItemAdded(String sku, int quantity, @Unit("ms") long reservedFor, @Staged @Default("none") String giftWrap) {
    /** What 1.1.0 writes: no gift wrapping yet. */
    public ItemAdded(String sku, int quantity, long reservedFor) {
        this(sku, quantity, reservedFor, null);
    }
}
