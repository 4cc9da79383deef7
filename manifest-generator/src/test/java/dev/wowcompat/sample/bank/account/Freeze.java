package dev.wowcompat.sample.bank.account;

public record Freeze(String reason) {
}
