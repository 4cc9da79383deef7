package it.wallet;

import me.ahoo.wow.api.annotation.Event;

@Event(revision = "1.0.0")
public record WalletOpened(String holder) {
}
