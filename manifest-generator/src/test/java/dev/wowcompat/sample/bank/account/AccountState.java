package dev.wowcompat.sample.bank.account;

import dev.wowcompat.annotations.Default;
import dev.wowcompat.annotations.Staged;
import dev.wowcompat.annotations.Unit;
import me.ahoo.wow.api.annotation.OnSourcing;

/** The account's state: its sourcing handlers name the events. */
public class AccountState {
    private String ownerName;
    @Unit("minor-units")
    private long balance;
    private boolean frozen;
    @Staged
    @Default("0")
    private Long overdraftLimit;

    public String getOwnerName() {
        return ownerName;
    }

    public long getBalance() {
        return balance;
    }

    public boolean isFrozen() {
        return frozen;
    }

    public Long getOverdraftLimit() {
        return overdraftLimit;
    }

    void onSourcing(AccountOpened event) {
        this.ownerName = event.getOwnerName();
    }

    void onSourcing(Deposited event) {
        balance += event.money().amount();
    }

    void onSourcing(DepositedV2 event) {
        balance += event.money().amount() - event.fee();
    }

    @OnSourcing
    void apply(Withdrawn event) {
        balance -= event.money().amount();
    }

    void onSourcing(AccountFrozen event) {
        frozen = true;
    }
}
