package dev.wowcompat.maven;

import dev.wowcompat.audit.AuditWaiver;
import dev.wowcompat.replay.ReplayFinding;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;

/**
 * One {@code <ignore>} of the {@code replay} goal's {@code <ignores>}, the command line's
 * {@code --ignore FINDING:TOPIC_GLOB:REASON} as a configuration bean Maven fills from the pom.
 */
public class ReplayIgnore {
    /** A replay finding's id such as {@code replay-state-changed}, or {@code *}. */
    private String finding;
    /** A topic glob such as {@code wow.bank.*}; empty matches every topic. */
    private String topic;
    /** Why the finding is acceptable; required, and shown in every report. */
    private String reason;

    public ReplayIgnore() {}

    public String getFinding() { return finding; }
    public void setFinding(String finding) { this.finding = finding; }
    public String getTopic() { return topic; }
    public void setTopic(String topic) { this.topic = topic; }
    public String getReason() { return reason; }
    public void setReason(String reason) { this.reason = reason; }

    /** The waivers of an {@code <ignores>} list (null: none); the first wrong entry fails the goal's configuration. */
    static List<AuditWaiver> waivers(List<ReplayIgnore> ignores) throws MojoFailureException {
        List<AuditWaiver> out = new ArrayList<>();
        if (ignores == null) return out;
        for (int i = 0; i < ignores.size(); i++) {
            ReplayIgnore ignore = ignores.get(i);
            String where = "<ignore> number " + (i + 1) + " of <ignores>";
            if (ignore.finding == null || ignore.finding.isBlank()) {
                throw new MojoFailureException(where + " names no <finding>: give a replay finding's id (docs/replay.md) or *.");
            }
            try {
                out.add(AuditWaiver.parse(ignore.finding.trim() + ":" + (ignore.topic == null ? "" : ignore.topic.trim()) + ":"
                        + (ignore.reason == null ? "" : ignore.reason), ReplayFinding.catalogue()));
            } catch (IllegalArgumentException e) {
                throw new MojoFailureException(where + ": " + e.getMessage());
            }
        }
        return out;
    }
}
