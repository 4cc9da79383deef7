package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * A report as the registry returned it (JSON report format 1), printed for a person: the verdict, then each
 * finding with where it is, whom it breaks and the additive fix.
 */
final class ReportLines {
    private ReportLines() {}

    static void print(JsonNode report, PrintWriter out) {
        JsonNode summary = report.path("summary");
        out.println("verdict: " + report.path("verdict").asText() + " (" + summary.path("breaking").asInt() + " breaking, "
                + summary.path("warning").asInt() + " warning, " + summary.path("info").asInt() + " info)");
        for (JsonNode f : report.path("findings")) {
            String pointer = f.path("pointer").asText();
            out.println("  " + f.path("severity").asText() + " " + f.path("rule").asText() + " " + f.path("subject").asText()
                    + (pointer.isEmpty() ? "" : " " + pointer) + ": " + f.path("message").asText());
            if (f.hasNonNull("fix")) out.println("    fix: " + f.path("fix").asText());
        }
    }
}
