package dev.wowcompat.sample.bank.account;

import com.fasterxml.jackson.annotation.JsonProperty;

public record OpenAccount(@JsonProperty("owner_name") String ownerName, AccountType type) {
}
