package dev.wowcompat.it.shop;

/** Takes an item out of the cart. */
public record RemoveItem(String sku) {}
