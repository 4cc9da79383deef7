package dev.wowcompat.it.shop;

/** Puts an item into the cart. */
public record AddItem(String sku, int quantity) {}
