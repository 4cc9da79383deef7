package dev.wowcompat.sample.bank.account;

import me.ahoo.wow.api.exception.ErrorInfo;

/** An error code via Wow's ErrorInfo: a constant getErrorCode(). */
public class InsufficientBalanceException extends RuntimeException implements ErrorInfo {
    public InsufficientBalanceException(String message) {
        super(message);
    }

    @Override
    public String getErrorCode() {
        return "InsufficientBalance";
    }

    @Override
    public String getErrorMsg() {
        return getMessage();
    }
}
