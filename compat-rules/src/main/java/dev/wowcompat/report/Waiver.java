package dev.wowcompat.report;

import dev.wowcompat.rules.Finding;
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
