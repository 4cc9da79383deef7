package dev.wowcompat.it.parcel.api;

public record Ship(String to) {
}
