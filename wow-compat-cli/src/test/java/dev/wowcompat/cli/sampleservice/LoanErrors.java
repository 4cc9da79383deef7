package dev.wowcompat.cli.sampleservice;

import me.ahoo.wow.api.exception.ErrorInfo;

public final class LoanErrors implements ErrorInfo {
    @Override
    public String getErrorCode() {
        return "book-not-available";
    }

    @Override
    public String getErrorMsg() {
        return "The book is out on loan.";
    }
}
