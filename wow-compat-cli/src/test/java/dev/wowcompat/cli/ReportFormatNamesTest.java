package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.testing.RepositoryRoot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The report formats come from {@link ReportFormat} only: every command's {@code --format} offers exactly its
 * names, its help lists them, and docs/cli.md and docs/api.md list the same ones, in the enum's order.
 */
class ReportFormatNamesTest {
    private static final List<String> NAMES = Arrays.stream(ReportFormat.values()).map(ReportFormat::label).toList();

    /** Every command and subcommand of {@code wow-compat} that takes {@code --format}, by its qualified name. */
    private static List<CommandLine> withFormat(CommandLine cli, List<CommandLine> out) {
        if (cli.getCommandSpec().findOption("--format") != null) out.add(cli);
        cli.getSubcommands().values().forEach(sub -> withFormat(sub, out));
        return out;
    }

    @Test
    void everyFormatOptionOffersAndDescribesTheEnumsNames() {
        CommandLine root = WowCompat.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), false);
        List<CommandLine> commands = withFormat(root, new ArrayList<>());
        List<String> names = commands.stream().map(c -> c.getCommandName()).toList();
        assertTrue(names.containsAll(List.of("check", "check-schema", "register", "can-deploy", "audit")), names.toString());
        for (CommandLine c : commands) {
            OptionSpec format = c.getCommandSpec().findOption("--format");
            List<String> offered = new ArrayList<>();
            format.completionCandidates().forEach(offered::add);
            assertEquals(NAMES, offered, c.getCommandName() + " --format offers the enum's names");
            String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
            assertTrue(help.contains(String.join(", ", NAMES)), c.getCommandName() + "'s help lists every format: " + help);
            assertFalse(help.contains("${"), "no variable left unexpanded: " + help);
        }
    }

    @Test
    void theDocsListTheEnumsNames() throws Exception {
        String cli = Files.readString(RepositoryRoot.resolve("docs/cli.md"));
        Matcher listed = Pattern.compile("--format ([a-z|]+)\\]").matcher(cli);
        int lists = 0;
        while (listed.find()) {
            lists++;
            assertEquals(String.join("|", NAMES), listed.group(1), "docs/cli.md at " + listed.start());
        }
        assertTrue(lists >= 2, "the synopses of check and register list the formats");
        String api = Files.readString(RepositoryRoot.resolve("docs/api.md"));
        Matcher row = Pattern.compile("\\| `format` \\| ([^\\n]*)\\|").matcher(api);
        assertTrue(row.find(), "docs/api.md has the format row of can-deploy");
        List<String> documented = new ArrayList<>();
        Matcher name = Pattern.compile("`([a-z]+)`").matcher(row.group(1));
        while (name.find()) documented.add(name.group(1));
        assertEquals(NAMES.stream().sorted().toList(), documented.stream().sorted().toList(), "docs/api.md's format values");
        for (ReportFormat f : ReportFormat.values()) {
            String type = f.mediaType().replace("; charset=utf-8", "");
            assertTrue(api.contains("`" + type + "`"), "docs/api.md names " + type + ", the media type of " + f.label());
        }
    }
}
