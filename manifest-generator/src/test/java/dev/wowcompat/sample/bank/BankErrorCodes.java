package dev.wowcompat.sample.bank;

/** Codes shared by every aggregate of the context (its package is the parent of both). */
public final class BankErrorCodes {
    public static final String ACCOUNT_NOT_FOUND = "AccountNotFound";
    public static final String CURRENCY_MISMATCH = "currency-mismatch";
    /** Not a constant clients see: not public. */
    static final String INTERNAL = "internal";

    private BankErrorCodes() {
    }
}
