package dev.wowcompat.it.parcel.api;

public record Shipped(String to) {
}
