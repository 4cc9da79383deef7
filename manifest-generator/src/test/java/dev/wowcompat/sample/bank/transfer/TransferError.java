package dev.wowcompat.sample.bank.transfer;

import me.ahoo.wow.api.exception.ErrorInfo;

/** Error codes as an enum implementing ErrorInfo: each constant's code. */
public enum TransferError implements ErrorInfo {
    SAME_ACCOUNT("TransferToSameAccount"),
    LIMIT_EXCEEDED("transfer-limit-exceeded");

    private final String code;

    TransferError(String code) {
        this.code = code;
    }

    @Override
    public String getErrorCode() {
        return code;
    }

    @Override
    public String getErrorMsg() {
        return name();
    }
}
