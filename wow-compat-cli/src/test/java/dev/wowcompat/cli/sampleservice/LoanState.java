package dev.wowcompat.cli.sampleservice;

import me.ahoo.wow.api.annotation.OnSourcing;

public class LoanState {
    private String isbn;

    public String getIsbn() {
        return isbn;
    }

    @OnSourcing
    void onSourcing(BookBorrowed event) {
        isbn = event.isbn();
    }
}
