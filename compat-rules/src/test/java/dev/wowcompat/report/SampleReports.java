package dev.wowcompat.report;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Readers;
import dev.wowcompat.rules.Rule;
import java.util.List;

/** Reports the renderer tests share: one of each severity plus a waived finding, with text that needs escaping. */
final class SampleReports {
    private SampleReports() {}

    static final String DEPOSITED = "bank.account.Deposited@2";
    static final String DEPOSIT = "bank.account.Deposit";
    static final String STATE = "bank.account";
    static final String CLOSED = "bank.account.Closed@1";

    /** Markup, workflow-command separators, a line break and a control character, all in one message. */
    static final String AWKWARD = "property \"amount\" <b>&</b> was removed: 100% gone,\nnext line ]]> `tick`\u0001";

    static final Finding BREAKING = Finding.of(Rule.FIELD_REMOVED, DEPOSITED, "/properties/amount", Readers.BOTH, AWKWARD);
    static final Finding BREAKING_TOO = Finding.of(Rule.MEANING_CHANGED, DEPOSITED, "/properties/at", Readers.OLD_READERS,
            "x-wow-unit of \"at\" changed from s to ms");
    static final Finding WARNING = Finding.of(Rule.ENUM_VALUE_ADDED, DEPOSIT, "/properties/currency/enum", Readers.OLD_READERS,
            "enum value \"CHF\" added to \"currency\"");
    static final Finding INFO = Finding.of(Rule.STATE_VIEW_CHANGED, STATE, "", Readers.NONE,
            "the state schema changed; snapshots will be rebuilt");
    static final Finding TO_WAIVE = Finding.of(Rule.FIELD_RENAMED, CLOSED, "/properties/why", Readers.BOTH,
            "looks like a rename of \"why\" to \"reason\"");
    static final String WAIVER_REASON = "agreed with the ledger team, ticket BANK-42";

    static Report mixed() {
        Report report = new Report("ADDITIVE", new Report.Release("bank-service", "1.3.0"),
                List.of(new Report.Release("bank-service", "1.1.0"), new Report.Release("bank-service", "1.2.0")),
                List.of(BREAKING, BREAKING_TOO, WARNING, INFO, TO_WAIVE));
        return report.withWaivers(List.of(new Waiver("field-renamed", "bank.account.*", null, WAIVER_REASON)));
    }

    static Report clean() {
        return new Report("ADDITIVE", new Report.Release("bank-service", "1.3.0"),
                List.of(new Report.Release("bank-service", "1.2.0")), List.of());
    }

    static Report warningsOnly() {
        return new Report("ADDITIVE", new Report.Release("bank-service", "1.3.0"),
                List.of(new Report.Release("bank-service", "1.2.0")), List.of(WARNING, INFO));
    }
}
