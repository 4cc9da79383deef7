package dev.wowcompat.sample.bank.account;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.wowcompat.annotations.Meaning;

@JsonIgnoreProperties({"debugInfo"})
public class AccountOpened {
    @JsonProperty("owner_name")
    private final String ownerName;
    private final AccountType type;
    @Meaning("utc-epoch-millis")
    private final long openedAt;
    private final String debugInfo;

    public AccountOpened(String ownerName, AccountType type, long openedAt, String debugInfo) {
        this.ownerName = ownerName;
        this.type = type;
        this.openedAt = openedAt;
        this.debugInfo = debugInfo;
    }

    public String getOwnerName() {
        return ownerName;
    }

    public AccountType getType() {
        return type;
    }

    public long getOpenedAt() {
        return openedAt;
    }

    public String getDebugInfo() {
        return debugInfo;
    }
}
