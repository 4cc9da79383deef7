package it.wallet;

import java.math.BigDecimal;
import me.ahoo.wow.api.annotation.Event;

/** Funds added to the wallet; {@code amount} is in the wallet's currency units, as 1.0.0 wrote it. */
@Event(revision = "1.0.0")
public record FundsAdded(BigDecimal amount) {
}
