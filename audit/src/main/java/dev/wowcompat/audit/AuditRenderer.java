package dev.wowcompat.audit;

import java.util.List;

import dev.wowcompat.text.Counts;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.SarifLog;
import dev.wowcompat.rules.Severity;
import java.io.UncheckedIOException;

/**
 * The audit's report in the formats {@code check} writes (text, json, markdown, junit, github, sarif), each as the
 * tools that read that format expect it. The JSON form is the one docs/audit.md gives.
 */
public final class AuditRenderer {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private AuditRenderer() {}

    /**
     * Which tool's report: its name (in the reports' titles), its findings (every one, for the junit and SARIF
     * reports), the page that has a section per finding, and the first word of the verdict.
     */
    public record Catalogue(String tool, List<? extends ReportedFinding> findings, String docPage, String verdictWord) {
        public Catalogue {
            findings = List.copyOf(findings);
        }
    }

    /** The audit's own findings. */
    public static final Catalogue AUDIT = new Catalogue("audit", List.of(AuditFinding.values()), "docs/audit.md", "AUDIT");

    public static String render(AuditReport report, ReportFormat format) {
        return render(report, format, AUDIT);
    }

    public static String render(AuditReport report, ReportFormat format, Catalogue catalogue) {
        return switch (format) {
            case JSON -> json(report);
            case TEXT -> text(report, catalogue);
            case MARKDOWN -> markdown(report, catalogue);
            case JUNIT -> junit(report, catalogue);
            case GITHUB -> github(report, catalogue);
            case SARIF -> sarif(report, catalogue);
        };
    }

    /** The first line of the text report: how many messages, how many findings of each severity. */
    public static String verdict(AuditReport r) {
        return verdict(r, AUDIT);
    }

    public static String verdict(AuditReport r, Catalogue catalogue) {
        return catalogue.verdictWord() + ": " + Counts.of(r.messages(), "message") + " on " + Counts.of(r.topics().size(), "topic") + ": "
                + Counts.number(r.count(Severity.BREAKING)) + " breaking, " + Counts.number(r.count(Severity.WARNING)) + " warning, "
                + Counts.number(r.count(Severity.INFO)) + " info";
    }

    static String json(AuditReport r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("messages", r.messages());
        ObjectNode topics = root.putObject("topics");
        r.topics().forEach((name, t) -> topics.putObject(name).put("messages", t.messages()).put("partitions", t.partitions()));
        ObjectNode releases = root.putObject("releases");
        r.releases().forEach(releases::put);
        ArrayNode findings = root.putArray("findings");
        r.findings().forEach(c -> findings.add(counted(c)));
        if (!r.waived().isEmpty()) {
            ArrayNode waived = root.putArray("waived");
            r.waived().forEach(w -> waived.add(counted(w.counted()).put("reason", w.reason())));
        }
        if (!r.notes().isEmpty()) {
            ArrayNode notes = root.putArray("notes");
            r.notes().forEach(notes::add);
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode counted(AuditReport.Counted c) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("id", c.finding().id());
        o.put("severity", c.finding().severity().label());
        o.put("count", c.count());
        ArrayNode examples = o.putArray("examples");
        for (AuditReport.Example e : c.examples()) {
            ObjectNode example = examples.addObject().put("topic", e.topic()).put("partition", e.partition()).put("offset", e.offset())
                    .put("key", e.key()).put("pointer", e.pointer()).put("message", e.message());
            if (e.drift() != null) {
                // A finding about values: the members docs/decisions.md's "Meaning drift" names (type, pointer, before, after, factor, consumers), and when.
                ObjectNode d = e.drift().toJson();
                for (String member : new String[] {"type", "revision", "before", "after", "factor", "deployedAt", "consumers"}) {
                    example.set(member, d.get(member));
                }
            }
            if (e.details() != null) {
                e.details().forEach((member, value) -> example.set(member, MAPPER.valueToTree(value)));
            }
        }
        return o;
    }

    static String text(AuditReport r) {
        return text(r, AUDIT);
    }

    static String text(AuditReport r, Catalogue catalogue) {
        StringBuilder sb = new StringBuilder(verdict(r, catalogue)).append('\n');
        for (AuditReport.Counted c : r.findings()) {
            sb.append('\n').append(c.finding().severity().name()).append(' ').append(c.finding().id()).append(": ")
                    .append(Counts.of(c.count(), unitNoun(c))).append('\n');
            sb.append("  ").append(c.finding().summary()).append('\n');
            for (AuditReport.Example e : c.examples()) sb.append("  ").append(place(e)).append(": ").append(e.message()).append('\n');
            sb.append("  See ").append(catalogue.docPage()).append("#").append(c.finding().id()).append('\n');
        }
        for (AuditReport.Waived w : r.waived()) {
            sb.append('\n').append("WAIVED ").append(w.counted().finding().id()).append(": ").append(Counts.of(w.counted().count(), unitNoun(w.counted())))
                    .append(" (").append(w.reason()).append(")\n");
        }
        if (!r.topics().isEmpty()) {
            sb.append("\nTopics:\n");
            r.topics().forEach((name, t) -> sb.append("  ").append(name).append(": ").append(Counts.of(t.messages(), "message")).append(", ")
                    .append(Counts.of(t.partitions(), "partition")).append('\n'));
        }
        if (!r.releases().isEmpty()) {
            sb.append("\nWritten while these releases ran:\n");
            r.releases().forEach((release, n) -> sb.append("  ").append(release).append(": ").append(Counts.of(n, "message")).append('\n'));
        }
        for (String note : r.notes()) sb.append("\nNote: ").append(note).append('\n');
        return sb.toString();
    }

    /** Records for a finding about one record; fields (at a deployment) for one about values. */
    private static String unitNoun(AuditReport.Counted c) {
        return c.finding().aboutValues() ? "field" : "record";
    }

    private static String place(AuditReport.Example e) {
        if (e.topic() == null || e.topic().isEmpty()) {
            // A finding about a tool's input other than records (the replay's candidate classes).
            return "no record";
        }
        // A record the replay generated from a Manifest has its topic and no partition or offset (docs/replay.md).
        String at = e.partition() < 0 ? " (a generated record)" : "/" + e.partition() + "@" + e.offset();
        return e.topic() + at + (e.key() == null ? "" : " key " + e.key())
                + (e.pointer() == null || e.pointer().isEmpty() ? "" : " at " + e.pointer());
    }

    static String markdown(AuditReport r) {
        return markdown(r, AUDIT);
    }

    static String markdown(AuditReport r, Catalogue catalogue) {
        StringBuilder sb = new StringBuilder("## wow-compat " + catalogue.tool() + "\n\n")
                .append(verdict(r, catalogue).substring(catalogue.verdictWord().length() + 2)).append("\n");
        if (!r.findings().isEmpty()) {
            sb.append("\n| Severity | Finding | Records | First example |\n|---|---|---|---|\n");
            for (AuditReport.Counted c : r.findings()) {
                AuditReport.Example e = c.examples().isEmpty() ? null : c.examples().get(0);
                sb.append("| ").append(c.finding().severity().label()).append(" | `").append(c.finding().id()).append("` | ")
                        .append(c.count()).append(" | ").append(e == null ? "" : cell(place(e) + ": " + e.message())).append(" |\n");
            }
        }
        for (AuditReport.Waived w : r.waived()) {
            sb.append("\nWaived: `").append(w.counted().finding().id()).append("` (").append(Counts.of(w.counted().count(), unitNoun(w.counted()))).append("): ")
                    .append(cell(w.reason())).append('\n');
        }
        if (!r.topics().isEmpty()) {
            sb.append("\n| Topic | Messages | Partitions |\n|---|---|---|\n");
            r.topics().forEach((name, t) -> sb.append("| `").append(name).append("` | ").append(t.messages()).append(" | ")
                    .append(t.partitions()).append(" |\n"));
        }
        if (!r.releases().isEmpty()) {
            sb.append("\n| Release running when written | Messages |\n|---|---|\n");
            r.releases().forEach((release, n) -> sb.append("| `").append(release).append("` | ").append(n).append(" |\n"));
        }
        for (String note : r.notes()) sb.append("\n> ").append(note).append('\n');
        return sb.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    static String github(AuditReport r) {
        return github(r, AUDIT);
    }

    static String github(AuditReport r, Catalogue catalogue) {
        StringBuilder sb = new StringBuilder();
        for (AuditReport.Counted c : r.findings()) {
            String level = switch (c.finding().severity()) {
                case BREAKING -> "error";
                case WARNING -> "warning";
                case INFO -> "notice";
            };
            for (AuditReport.Example e : c.examples()) {
                sb.append("::").append(level).append(" title=").append(escapeProperty(c.finding().id() + " (" + Counts.of(c.count(), unitNoun(c)) + ")"))
                        .append("::").append(escapeData(place(e) + ": " + e.message())).append('\n');
            }
        }
        return sb.append(verdict(r, catalogue)).append('\n').toString();
    }

    private static String escapeData(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    private static String escapeProperty(String s) {
        return escapeData(s).replace(":", "%3A").replace(",", "%2C");
    }

    static String junit(AuditReport r) {
        return junit(r, AUDIT);
    }

    static String junit(AuditReport r, Catalogue catalogue) {
        long failures = r.findings().stream().filter(c -> c.finding().severity() != Severity.INFO).count();
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<testsuite name=\"wow-compat ").append(catalogue.tool()).append("\" tests=\"").append(catalogue.findings().size()).append("\" failures=\"")
                .append(failures).append("\" errors=\"0\" skipped=\"").append(r.notRun().size()).append("\">\n");
        for (ReportedFinding f : catalogue.findings()) {
            sb.append("  <testcase classname=\"wow-compat.").append(catalogue.tool()).append("\" name=\"").append(f.id()).append("\"");
            String notRun = r.notRun().get(f);
            if (notRun != null) {
                // A check that did not run is no pass: a CI dashboard shows it skipped, with the reason.
                sb.append(">\n    <skipped message=\"").append(xml(notRun)).append("\"/>\n  </testcase>\n");
                continue;
            }
            AuditReport.Counted c = r.findings().stream().filter(x -> x.finding().id().equals(f.id())).findFirst().orElse(null);
            if (c == null || c.finding().severity() == Severity.INFO) {
                sb.append("/>\n");
                continue;
            }
            sb.append(">\n    <failure type=\"").append(c.finding().severity().label()).append("\" message=\"")
                    .append(xml(Counts.of(c.count(), unitNoun(c)) + ": " + f.summary())).append("\">");
            for (AuditReport.Example e : c.examples()) sb.append(xml(place(e) + ": " + e.message())).append('\n');
            sb.append("</failure>\n  </testcase>\n");
        }
        return sb.append("</testsuite>\n").toString();
    }

    private static String xml(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> {
                    if (ch < 0x20 && ch != '\n' && ch != '\t') out.append(' ');
                    else out.append(ch);
                }
            }
        }
        return out.toString();
    }

    static String sarif(AuditReport r) {
        return sarif(r, AUDIT);
    }

    static String sarif(AuditReport r, Catalogue catalogue) {
        SarifLog log = new SarifLog("wow-compat " + catalogue.tool());
        for (ReportedFinding finding : catalogue.findings()) log.rule(finding.id(), finding.summary(), finding.severity());
        r.notRun().forEach((finding, reason) -> log.notRun(finding.id(), reason));
        for (AuditReport.Counted c : r.findings()) results(log, c, null);
        for (AuditReport.Waived w : r.waived()) results(log, w.counted(), w.reason());
        return log.render();
    }

    /** One result per example, the record as its logical location. */
    private static void results(SarifLog log, AuditReport.Counted c, String waivedBecause) {
        for (AuditReport.Example e : c.examples()) {
            ObjectNode result = log.result(c.finding().id(), c.finding().severity(), e.message());
            SarifLog.location(result, null, null, e.topic() + "/" + e.partition() + "@" + e.offset(), "record");
            ObjectNode properties = result.putObject("properties");
            properties.put("pointer", e.pointer());
            properties.put("key", e.key());
            properties.put("count", c.count());
            if (waivedBecause != null) SarifLog.suppress(result, waivedBecause);
        }
    }
}
