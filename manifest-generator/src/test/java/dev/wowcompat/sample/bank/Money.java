package dev.wowcompat.sample.bank;

import dev.wowcompat.annotations.Unit;

/** A nested value shared by several events. */
public record Money(@Unit("minor-units") long amount, String currency) {
}
