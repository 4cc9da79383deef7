package dev.wowcompat.cli.sampleservice;

import me.ahoo.wow.api.annotation.BoundedContext;

/** A small Wow-style service for the manifest command's tests: one context, one aggregate. */
@BoundedContext(name = "library", aggregates = @BoundedContext.Aggregate(name = "loan", packageScopes = Loan.class))
public final class LibraryService {
    private LibraryService() {}
}
