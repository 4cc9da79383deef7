package it.wallet;

import java.math.BigDecimal;

public class WalletState {
    private String id;
    private String holder;
    private BigDecimal balance = BigDecimal.ZERO;
    private BigDecimal balanceCents = BigDecimal.ZERO;

    private WalletState() {
    }

    public WalletState(String id) {
        this.id = id;
    }

    void onSourcing(WalletOpened opened) {
        holder = opened.holder();
    }

    // The additive fix: the cents are a new member, and balance keeps meaning currency units as 1.0.0 recorded it.
    void onSourcing(FundsAdded added) {
        balance = balance.add(added.amount());
        balanceCents = balanceCents.add(added.amount().movePointRight(2));
    }
}
