package dev.wowcompat.testing.fleet.bankapi;

import me.ahoo.wow.api.annotation.BoundedContext;

/**
 * The producer's api module as a consumer compiles against it: the bank context of {@code BankManifests}, its account
 * aggregate owning this package's messages.
 */
@BoundedContext(name = "bank", aggregates = @BoundedContext.Aggregate(name = "account", packageScopes = Deposited.class))
public interface BankApi {}
