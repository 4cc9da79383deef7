package dev.wowcompat.maven;

import dev.wowcompat.report.Waiver;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;

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
        return Waiver.of(rule, subject, finding, reason, "<ignore> number " + position + " of <ignores>");
    }

    /** The waivers of an {@code <ignores>} list (null: none); the first wrong entry fails the goal's configuration. */
    static List<Waiver> waivers(List<Ignore> ignores) throws MojoFailureException {
        List<Waiver> out = new ArrayList<>();
        if (ignores == null) return out;
        for (int i = 0; i < ignores.size(); i++) {
            try {
                out.add(ignores.get(i).toWaiver(i + 1));
            } catch (IllegalArgumentException e) {
                throw new MojoFailureException(e.getMessage());
            }
        }
        return out;
    }
}
