package dev.wowcompat.testing.fleet.bankapi;

import me.ahoo.wow.api.annotation.Event;
import me.ahoo.wow.api.annotation.Name;

/** Revision 1 of the bank's deposits (Wow's default label 0.0.1). */
@Name("Deposited")
@Event
public record Deposited(long amount) {}
