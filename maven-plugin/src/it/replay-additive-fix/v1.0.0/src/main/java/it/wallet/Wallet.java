package it.wallet;

/** The command side of the wallet; the replay only needs its state. */
public class Wallet {
    private final WalletState state;

    public Wallet(WalletState state) {
        this.state = state;
    }
}
