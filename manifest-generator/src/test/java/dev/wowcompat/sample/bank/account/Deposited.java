package dev.wowcompat.sample.bank.account;

import dev.wowcompat.sample.bank.Money;
import me.ahoo.wow.api.annotation.Event;

/** The first revision of "deposited" (Wow's default label, said explicitly). */
@Event(revision = "0.0.1")
public record Deposited(Money money) {
}
