package dev.wowcompat.sample.bank.account;

/** Only ever returned as Object: the handler declares it with @Emits. */
public record AccountFrozen(String reason) {
}
