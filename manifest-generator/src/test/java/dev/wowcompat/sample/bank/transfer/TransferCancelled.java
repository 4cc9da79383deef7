package dev.wowcompat.sample.bank.transfer;

public record TransferCancelled(String transferId, String reason) {
}
