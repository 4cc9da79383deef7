package dev.wowcompat.testing.fleet.ledger1;

import dev.wowcompat.testing.fleet.bankapi.Deposited;
import me.ahoo.wow.api.annotation.ProjectionProcessor;
import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.modeling.state.ReadOnlyStateAggregate;

/** Keeps a balance view: the deposits, and the account's state after each. */
@ProjectionProcessor
public class BalanceProjection {
    void onEvent(DomainEvent<Deposited> deposited) {
    }

    void onStateEvent(Deposited deposited, ReadOnlyStateAggregate<Object> account) {
    }
}
