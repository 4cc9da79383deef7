package dev.wowcompat.sample.bank.transfer;

public record ConfirmTransfer(String transferId) {
}
