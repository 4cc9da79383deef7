package dev.wowcompat.it.shop;

import me.ahoo.wow.api.annotation.AggregateRoot;
import me.ahoo.wow.api.annotation.OnCommand;

/** The cart aggregate: its state is the constructor's parameter type. */
@AggregateRoot
public class Cart {
    private final CartState state;

    public Cart(CartState state) {
        this.state = state;
    }

    @OnCommand
    ItemAdded onCommand(AddItem command) {
        return new ItemAdded(command.sku(), command.quantity(), 15 * 60 * 1000L);
    }

    @OnCommand
    ItemRemoved onCommand(RemoveItem command) {
        return new ItemRemoved(command.sku());
    }
}
