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

    void onSourcing(FundsAdded added) {
        balance = balance.add(added.amount());
    }
}
