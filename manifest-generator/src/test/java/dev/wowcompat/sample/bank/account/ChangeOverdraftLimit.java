package dev.wowcompat.sample.bank.account;

import dev.wowcompat.annotations.Staged;
import dev.wowcompat.sample.bank.Money;

/** A command this release accepts but no client sends yet. */
@Staged
public record ChangeOverdraftLimit(Money limit) {
}
