package dev.wowcompat.sample.bank.account;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.wowcompat.sample.bank.Money;

public record Withdrawn(@JsonProperty("withdrawn_money") Money money, int attempt) {
}
