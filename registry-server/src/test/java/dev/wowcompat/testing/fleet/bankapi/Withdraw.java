package dev.wowcompat.testing.fleet.bankapi;

import me.ahoo.wow.api.annotation.Name;

/** A command of the bank's account aggregate. */
@Name("Withdraw")
public record Withdraw(double amount) {}
