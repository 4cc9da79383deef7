package dev.wowcompat.it.shop;

import java.util.Map;
import java.util.TreeMap;
import me.ahoo.wow.api.annotation.OnSourcing;

/** The cart's state: quantities by SKU, rebuilt from the events. */
public class CartState {
    private final String id;
    private final Map<String, Integer> items = new TreeMap<>();

    public CartState(String id) {
        this.id = id;
    }

    public String getId() {
        return id;
    }

    public Map<String, Integer> getItems() {
        return items;
    }

    @OnSourcing
    void onSourcing(ItemAdded event) {
        items.merge(event.sku(), event.quantity(), Integer::sum);
    }

    @OnSourcing
    void onSourcing(ItemRemoved event) {
        items.remove(event.sku());
    }
}
