package me.ahoo.wow.api.exception;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** Stand-in for Wow's error description: a code clients match on and a message for people. */
public interface ErrorInfo {
    String SUCCEEDED = "Ok";

    String getErrorCode();

    String getErrorMsg();

    default boolean getSucceeded() {
        return SUCCEEDED.equals(getErrorCode());
    }

    /** As Wow's (a Kotlin default getter): written by Wow's serializer only when not empty. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    default List<BindingError> getBindingErrors() {
        return List.of();
    }
}
