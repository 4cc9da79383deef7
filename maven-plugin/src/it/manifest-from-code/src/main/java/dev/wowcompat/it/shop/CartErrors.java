package dev.wowcompat.it.shop;

import me.ahoo.wow.api.exception.ErrorInfo;

/** An error clients match on, declared the Wow way. */
public final class CartErrors implements ErrorInfo {
    @Override
    public String getErrorCode() {
        return "cart-full";
    }

    @Override
    public String getErrorMsg() {
        return "The cart holds at most 100 items.";
    }
}
