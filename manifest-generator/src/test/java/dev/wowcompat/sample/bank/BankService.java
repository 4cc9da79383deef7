package dev.wowcompat.sample.bank;

import me.ahoo.wow.api.annotation.BoundedContext;

/** The sample service's bounded context: both aggregates live under this package. */
@BoundedContext(name = "bank-service", alias = "bank", aggregates = {
        @BoundedContext.Aggregate(name = "account"),
        @BoundedContext.Aggregate(name = "transfer")})
public final class BankService {
    private BankService() {
    }
}
