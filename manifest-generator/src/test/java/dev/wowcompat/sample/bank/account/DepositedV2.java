package dev.wowcompat.sample.bank.account;

import dev.wowcompat.annotations.Default;
import dev.wowcompat.annotations.Staged;
import dev.wowcompat.annotations.UpgradesFrom;
import dev.wowcompat.sample.bank.Money;
import me.ahoo.wow.api.annotation.Event;
import me.ahoo.wow.api.annotation.Name;

/** The second revision of "deposited": it adds the channel; facts of 0.0.1 upgrade to it. */
@Name("deposited")
@Event(revision = "0.1.0")
@UpgradesFrom("0.0.1")
@Staged
public record DepositedV2(Money money, @Default("branch") String channel, @Default("0") int fee) {
}
