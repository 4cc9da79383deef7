package dev.wowcompat.sample.bank.account;

import dev.wowcompat.annotations.Default;
import dev.wowcompat.annotations.Staged;
import dev.wowcompat.annotations.Unit;
import dev.wowcompat.sample.bank.Money;

public record Deposit(Money money, @Unit("ms") long requestedAt, @Staged @Default("") String reference) {
}
