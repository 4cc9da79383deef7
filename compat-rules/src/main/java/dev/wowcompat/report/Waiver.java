package dev.wowcompat.report;

import dev.wowcompat.rules.Finding;
import dev.wowcompat.rules.Rule;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A deliberate exception: findings of {@code rule} on subjects matching {@code subjectGlob} (and, when given,
 * with finding id {@code findingId}) do not count. The reason is required and is shown in every report.
 *
 * @param rule a rule id, or {@code *} for any
 * @param subjectGlob {@code *} matches any run of characters, e.g. {@code bank.account.*}; null means any
 * @param findingId a finding's {@link Finding#id()}, or null for any
 */
public record Waiver(String rule, String subjectGlob, String findingId, String reason) {

    public Waiver {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a waiver needs a reason");
        }
        Objects.requireNonNull(rule, "rule");
    }

    /** What it waives, for a warning: {@code rule field-removed, subject bank.*} or {@code finding 3290736be1e0}. */
    public String describe() {
        return "rule " + rule + (subjectGlob == null ? "" : ", subject " + subjectGlob)
                + (findingId == null ? "" : ", finding " + findingId);
    }

    private static final Pattern FINDING_ID = Pattern.compile("[0-9a-f]{12}");

    /**
     * The command line's form: {@code RULE:SUBJECT_GLOB:REASON} ({@code *} for any rule, an empty glob for any
     * subject), or {@code FINDING_ID:REASON} with a finding id from a report. The reason may contain colons.
     *
     * @throws IllegalArgumentException with one sentence saying what is wrong
     */
    public static Waiver parse(String text) {
        String[] two = text.split(":", 2);
        if (two.length == 2 && FINDING_ID.matcher(two[0].trim()).matches()) {
            return of("*", null, two[0].trim(), two[1], "'" + text + "'");
        }
        String[] parts = text.split(":", 3);
        if (parts.length < 3) {
            throw new IllegalArgumentException("'" + text + "' is not RULE:SUBJECT_GLOB:REASON or FINDING_ID:REASON");
        }
        return of(parts[0], parts[1], null, parts[2], "'" + text + "'");
    }

    /**
     * A waiver from its parts as a user wrote them (blank parts are absent), checked the same way for every front end.
     *
     * @param where how to name the entry in a message, e.g. {@code <ignore> number 2 of <ignores>}
     * @throws IllegalArgumentException with one sentence saying what is missing or wrong
     */
    public static Waiver of(String rule, String subject, String findingId, String reason, String where) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException(where + " has no reason: say why the change is acceptable, it is shown in every report.");
        }
        boolean hasRule = rule != null && !rule.isBlank();
        boolean hasFinding = findingId != null && !findingId.isBlank();
        if (!hasRule && !hasFinding) {
            throw new IllegalArgumentException(where + " names neither a rule nor a finding: give a rule id (or *) and a subject glob, or a finding id.");
        }
        String ruleId = hasRule ? rule.trim() : "*";
        if (!ruleId.equals("*") && Rule.byId(ruleId).isEmpty()) {
            throw new IllegalArgumentException(where + " names the unknown rule '" + ruleId + "'; known rules: "
                    + Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.joining(", ")) + ".");
        }
        String glob = subject == null || subject.isBlank() ? null : subject.trim();
        return new Waiver(ruleId, glob, hasFinding ? findingId.trim() : null, reason.trim());
    }

    public boolean matches(Finding f) {
        if (!rule.equals("*") && !rule.equals(f.rule().id())) return false;
        if (findingId != null && !findingId.isBlank() && !findingId.equals(f.id())) return false;
        return subjectGlob == null || subjectGlob.isBlank() || globToRegex(subjectGlob).matcher(f.subject()).matches();
    }

    private static Pattern globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        String[] parts = glob.split("\\*", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) regex.append(".*");
            regex.append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString());
    }
}
