package dev.wowcompat.sample.bank.account;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** A plain class: Jackson writes what its getters expose, and nothing it ignores. */
public class CloseAccount {
    private String reason;
    @JsonIgnore
    private String operatorNote;

    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    public String getOperatorNote() {
        return operatorNote;
    }

    public void setOperatorNote(String operatorNote) {
        this.operatorNote = operatorNote;
    }
}
