package dev.wowcompat.sample.bank.transfer;

/** Mounted on the aggregate with @AggregateRoot(commands = ...), handled elsewhere. */
public record CancelTransfer(String transferId, String reason) {
}
