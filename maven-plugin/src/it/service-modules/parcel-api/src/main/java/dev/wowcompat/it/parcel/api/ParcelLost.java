package dev.wowcompat.it.parcel.api;

import me.ahoo.wow.api.exception.ErrorInfo;

/** An error event of the parcel aggregate, with a constant code. */
public record ParcelLost(String where) implements ErrorInfo {
    @Override
    public String getErrorCode() {
        return "Parcel-Lost";
    }

    @Override
    public String getErrorMsg() {
        return "lost at " + where;
    }
}
