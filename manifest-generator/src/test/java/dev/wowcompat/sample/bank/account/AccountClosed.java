package dev.wowcompat.sample.bank.account;

import javax.annotation.Nullable;

public record AccountClosed(@Nullable String reason, boolean forced) {
}
