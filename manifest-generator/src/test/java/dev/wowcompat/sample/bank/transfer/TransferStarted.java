package dev.wowcompat.sample.bank.transfer;

import dev.wowcompat.sample.bank.Money;

public record TransferStarted(String from, String to, Money money) {
}
