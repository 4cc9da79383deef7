package dev.wowcompat.audit;

import java.util.List;

import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A deliberate exception: findings of {@code finding} (or any, {@code *}) on topics matching {@code topicGlob} do
 * not count; they are listed as waived, with the reason. The command line's form is {@code FINDING:TOPIC_GLOB:REASON}
 * ({@code *} matches any run of characters; an empty glob any topic), as {@code check}'s {@code RULE:SUBJECT_GLOB:REASON}.
 */
public record AuditWaiver(String finding, String topicGlob, String reason) {

    public AuditWaiver {
        if (reason == null || reason.isBlank()) throw new IllegalArgumentException("a waiver needs a reason");
    }

    /** @throws IllegalArgumentException with one sentence saying what is wrong */
    public static AuditWaiver parse(String text) {
        return parse(text, List.of(AuditFinding.values()));
    }

    /**
     * A waiver of one of these findings (the audit's, or another report's of the same shape).
     *
     * @throws IllegalArgumentException with one sentence saying what is wrong
     */
    public static AuditWaiver parse(String text, List<? extends ReportedFinding> known) {
        String[] parts = text.split(":", 3);
        if (parts.length < 3) {
            throw new IllegalArgumentException("'" + text + "' is not FINDING:TOPIC_GLOB:REASON");
        }
        String id = parts[0].trim();
        if (!id.equals("*") && known.stream().noneMatch(f -> f.id().equals(id))) {
            throw new IllegalArgumentException("'" + text + "' names the unknown finding '" + id + "'; known findings: "
                    + known.stream().map(ReportedFinding::id).distinct().collect(Collectors.joining(", ")) + ".");
        }
        if (parts[2].isBlank()) {
            throw new IllegalArgumentException("'" + text + "' has no reason: say why the finding is acceptable, it is shown in every report.");
        }
        return new AuditWaiver(id, parts[1].isBlank() ? null : parts[1].trim(), parts[2].trim());
    }

    /** @param topic null: whether it waives the finding on every topic */
    public boolean matches(ReportedFinding f, String topic) {
        if (!finding.equals("*") && !finding.equals(f.id())) return false;
        if (topicGlob == null) return true;
        return topic != null && glob(topicGlob).matcher(topic).matches();
    }

    private static Pattern glob(String glob) {
        return Pattern.compile(Arrays.stream(glob.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")));
    }

    /** What it waives, for a warning: {@code payload-invalid on wow.bank.*}. */
    public String describe() {
        return finding + (topicGlob == null ? "" : " on " + topicGlob);
    }
}
