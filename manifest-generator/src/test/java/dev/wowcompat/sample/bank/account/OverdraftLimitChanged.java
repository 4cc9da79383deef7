package dev.wowcompat.sample.bank.account;

import dev.wowcompat.sample.bank.Money;

public record OverdraftLimitChanged(Money limit) {
}
