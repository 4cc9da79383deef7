package dev.wowcompat.it.shop;

/** An error code Wow writes as declared, the empty string, which no kebab-case code describes. */
public final class UnsetErrorCodes {
    public static final String UNSET = "";

    private UnsetErrorCodes() {
    }
}
