package dev.wowcompat.it.shop;

import me.ahoo.wow.api.annotation.Event;
import me.ahoo.wow.api.annotation.Name;

/** Bad input: claims revision 0.0.1 of item_added, which ItemAdded already is. */
@Name("item_added")
@Event(revision = "0.0.1")
public record ItemAddedCopy(String sku, int quantity) {}
