package dev.wowcompat.cli.sampleservice;

import me.ahoo.wow.api.annotation.AggregateRoot;
import me.ahoo.wow.api.annotation.OnCommand;

@AggregateRoot
public class Loan {
    private final LoanState state;

    public Loan(LoanState state) {
        this.state = state;
    }

    @OnCommand
    BookBorrowed onCommand(BorrowBook command) {
        return new BookBorrowed(command.isbn(), command.days());
    }
}
