package dev.wowcompat.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.check.SchemaChecker;
import dev.wowcompat.json.SchemaDialect;
import dev.wowcompat.json.TokenLocations;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.manifest.StandaloneSchema;
import dev.wowcompat.report.FindingLocator;
import dev.wowcompat.report.Report;
import dev.wowcompat.rules.Level;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code wow-compat check-schema}: versions of one plain JSON Schema under a compatibility level (docs/decisions.md, "The plain levels"). */
@Command(name = "check-schema", sortOptions = false,
        header = "Check versions of a plain JSON Schema under a compatibility level.",
        customSynopsis = "wow-compat check-schema --level LEVEL [OPTIONS] OLD.json [MORE.json...] NEW.json",
        description = {
                "The last file is the candidate; the earlier ones are its previous versions, oldest first. Levels:",
                "additive, none, backward, backward-transitive, forward, forward-transitive, full, full-transitive.",
                "The report names the files' versions v1 (the first file) to vN (the candidate), subject 'schema'.",
                "Only local $ref resolve; a remote $ref is refused, never fetched.",
                "Exit codes: 0 compatible, 1 breaking findings (or warnings with --fail-on warning), 2 bad input or usage."})
final class CheckSchemaCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Option(names = "--level", required = true, paramLabel = "LEVEL", converter = Converters.LevelName.class,
            description = "The compatibility level.")
    Level level;

    // At least two are needed, but picocli would call a missing second one "SCHEMA.json is required": call() names it.
    @Parameters(arity = "1..*", paramLabel = "SCHEMA.json", description = "Schema versions, oldest first; the last is the candidate.")
    List<Path> schemas = new ArrayList<>();

    @Mixin
    InputOptions input;

    @Mixin
    DialectOption draft;

    @Mixin
    ReportOptions report;

    @Override
    public Integer call() throws InvalidInputException {
        if (schemas.size() < 2) {
            throw new ParameterException(spec.commandLine(), "NEW.json is required: check-schema compares earlier versions with the candidate, "
                    + "the last file, and only " + schemas.get(0) + " was given (OLD.json [MORE.json...] NEW.json)");
        }
        JsonInput json = new JsonInput(input.limits());
        InputFiles files = new InputFiles();
        List<JsonNode> versions = new ArrayList<>();
        byte[] candidateText = null;
        for (Path file : schemas) {
            SchemaFile read = files.read(file, f -> {
                byte[] content = json.read(f);
                JsonNode schema = json.parse(content, f.toString());
                return new SchemaFile(draft.dialect == null ? schema : SchemaDialect.declared(schema, draft.dialect), content);
            });
            if (read == null) continue;
            StandaloneSchema.problems(read.schema(), file.toString()).forEach(files::add);
            versions.add(read.schema());
            candidateText = read.content();
        }
        files.throwIfAny();
        List<JsonNode> earlier = versions.subList(0, versions.size() - 1);
        Report result = SchemaChecker.checkPlain(level, List.copyOf(earlier), versions.get(versions.size() - 1));
        // The findings point into the candidate, the last file.
        FindingLocator locator = FindingLocator.forSchema(schemas.get(schemas.size() - 1).toString(), new TokenLocations(candidateText));
        return report.emit(locator.locate(result), spec);
    }

    /** A schema file as parsed, and its text (to locate the findings' pointers on its lines). */
    private record SchemaFile(JsonNode schema, byte[] content) {}
}
