package dev.wowcompat.sample.bank.transfer;

import dev.wowcompat.sample.bank.Money;

public record StartTransfer(String from, String to, Money money) {
}
