package dev.wowcompat.maven;

import dev.wowcompat.report.Waiver;
import dev.wowcompat.rules.Rule;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * One {@code <ignore>} of the {@code check} goal's {@code <ignores>}: Maven fills the fields from the pom,
 * so this is a mutable configuration bean, turned into an immutable {@link Waiver} before use.
 */
public class Ignore {
    /** A rule id such as {@code field-removed}, or {@code *} for any rule. */
    private String rule;
    /** A subject glob such as {@code bank.account.*}; empty matches any subject. */
    private String subject;
    /** A finding id from a report, to waive exactly one finding. */
    private String finding;
    /** Why the change is acceptable; required, and shown in every report. */
    private String reason;

    public Ignore() {}

    Ignore(String rule, String subject, String finding, String reason) {
        this.rule = rule;
        this.subject = subject;
        this.finding = finding;
        this.reason = reason;
    }

    public String getRule() { return rule; }
    public void setRule(String rule) { this.rule = rule; }
    public String getSubject() { return subject; }
    public void setSubject(String subject) { this.subject = subject; }
    public String getFinding() { return finding; }
    public void setFinding(String finding) { this.finding = finding; }
    public String getReason() { return reason; }
    public void setReason(String reason) { this.reason = reason; }

    /**
     * The waiver this entry stands for.
     *
     * @param position 1-based position in {@code <ignores>}, to point the user at the entry that is wrong
     * @throws IllegalArgumentException with one sentence saying what is missing or wrong
     */
    Waiver toWaiver(int position) {
        String where = "<ignore> number " + position + " of <ignores>";
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException(where + " has no <reason>: say why the change is acceptable, it is shown in every report.");
        }
        boolean hasRule = rule != null && !rule.isBlank();
        boolean hasFinding = finding != null && !finding.isBlank();
        if (!hasRule && !hasFinding) {
            throw new IllegalArgumentException(where + " names neither a <rule> nor a <finding>: give a rule id (or *) and a subject glob, or a finding id.");
        }
        String ruleId = hasRule ? rule.trim() : "*";
        if (!ruleId.equals("*") && Rule.byId(ruleId).isEmpty()) {
            throw new IllegalArgumentException(where + " names the unknown rule '" + ruleId + "'; known rules: "
                    + Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.joining(", ")) + ".");
        }
        String glob = subject == null || subject.isBlank() ? null : subject.trim();
        String id = hasFinding ? finding.trim() : null;
        return new Waiver(ruleId, glob, id, reason.trim());
    }
}
