package it.wallet;

import java.math.BigDecimal;

public class WalletState {
    private String id;
    private String holder;
    private BigDecimal balance = BigDecimal.ZERO;

    private WalletState() {
    }

    public WalletState(String id) {
        this.id = id;
    }

    void onSourcing(WalletOpened opened) {
        holder = opened.holder();
    }

    // Release 1.1.0 takes the amount for cents: the balance it rebuilds is a hundred times the one 1.0.0 recorded.
    void onSourcing(FundsAdded added) {
        balance = balance.add(added.amount().movePointRight(2));
    }
}
