package dev.wowcompat.sample.bank.transfer;

public record TransferConfirmed(String transferId) {
}
