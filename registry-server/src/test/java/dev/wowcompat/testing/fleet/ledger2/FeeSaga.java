package dev.wowcompat.testing.fleet.ledger2;

import dev.wowcompat.testing.fleet.bankapi.Deposited;
import dev.wowcompat.testing.fleet.bankapi.DepositedV2;
import dev.wowcompat.testing.fleet.bankapi.Withdraw;
import me.ahoo.wow.api.annotation.StatelessSaga;

/** Release 1.1.0 of the ledger: it reads revision 2 of the deposits as well. */
@StatelessSaga
public class FeeSaga {
    Withdraw onEvent(Deposited deposited) {
        return new Withdraw(deposited.amount() / 100.0);
    }

    Withdraw onEvent(DepositedV2 deposited) {
        return new Withdraw(deposited.amount() / 100.0);
    }
}
