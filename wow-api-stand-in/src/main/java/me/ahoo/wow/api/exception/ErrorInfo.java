package me.ahoo.wow.api.exception;

/** Stand-in for Wow's error description: a code clients match on and a message for people. */
public interface ErrorInfo {
    String SUCCEEDED = "Ok";

    String getErrorCode();

    String getErrorMsg();

    default boolean getSucceeded() {
        return SUCCEEDED.equals(getErrorCode());
    }
}
