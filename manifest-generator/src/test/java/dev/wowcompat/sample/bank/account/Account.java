package dev.wowcompat.sample.bank.account;

import dev.wowcompat.annotations.Emits;
import dev.wowcompat.annotations.ErrorCode;
import me.ahoo.wow.api.annotation.AggregateRoot;
import me.ahoo.wow.api.annotation.OnCommand;
import reactor.core.publisher.Mono;

import java.util.List;

/** The account aggregate: command handlers by Wow's convention and by annotation. */
@AggregateRoot
@ErrorCode(value = "account-frozen", description = "The account is frozen and accepts no withdrawal.")
public class Account {
    private final AccountState state;

    public Account(AccountState state) {
        this.state = state;
    }

    public AccountOpened onCommand(OpenAccount command) {
        return new AccountOpened(command.ownerName(), command.type(), 0L, null);
    }

    public Mono<Deposited> onCommand(Deposit command) {
        return Mono.just(new Deposited(command.money()));
    }

    @OnCommand
    public List<Withdrawn> withdraw(Withdraw command) {
        if (state.getBalance() < command.money().amount()) {
            throw new InsufficientBalanceException("balance too low");
        }
        return List.of(new Withdrawn(command.money(), 1));
    }

    @Emits(AccountFrozen.class)
    public Object onCommand(Freeze command) {
        return new AccountFrozen(command.reason());
    }

    public Iterable<AccountClosed> onCommand(CloseAccount command) {
        return List.of(new AccountClosed(command.getReason(), false));
    }

    @OnCommand(returns = OverdraftLimitChanged.class)
    public Object changeLimit(ChangeOverdraftLimit command) {
        return new OverdraftLimitChanged(command.limit());
    }
}
