package dev.wowcompat.testing.fleet.ledger1;

import dev.wowcompat.testing.fleet.bankapi.Deposited;
import dev.wowcompat.testing.fleet.bankapi.Withdraw;
import me.ahoo.wow.api.annotation.StatelessSaga;

/** Release 1.0.0 of the ledger, a Wow service with no aggregate: it charges a fee on each deposit of revision 1. */
@StatelessSaga
public class FeeSaga {
    Withdraw onEvent(Deposited deposited) {
        return new Withdraw(deposited.amount() / 100.0);
    }
}
