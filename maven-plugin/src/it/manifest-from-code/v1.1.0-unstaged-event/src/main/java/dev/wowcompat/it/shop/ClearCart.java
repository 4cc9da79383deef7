package dev.wowcompat.it.shop;

/** Empties the cart. */
public record ClearCart() {}
