package dev.wowcompat.testing.fleet.bankapi;

import me.ahoo.wow.api.annotation.Event;
import me.ahoo.wow.api.annotation.Name;

/** Revision 2 of the same event: a later label, the event's name. */
@Name("Deposited")
@Event(revision = "0.0.2")
public record DepositedV2(double amount, String currency) {}
