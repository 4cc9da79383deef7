package dev.wowcompat.cli;

import dev.wowcompat.report.ReportFormat;
import java.util.Arrays;
import java.util.Iterator;

/**
 * The names {@code --format} takes, from {@link ReportFormat} itself: picocli offers them for completion and writes
 * them where an option's description says {@code ${COMPLETION-CANDIDATES}}, so a new format needs no edit here.
 */
final class ReportFormatNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(ReportFormat.values()).map(ReportFormat::label).iterator();
    }
}
