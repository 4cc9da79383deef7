package dev.wowcompat.cli;

import dev.wowcompat.json.SchemaDialect;
import dev.wowcompat.manifest.ManifestReader;
import picocli.CommandLine.Option;

/** {@code --default-draft}: the dialect of the schemas that do not say theirs, for input written for a peer's default. */
final class DialectOption {
    @Option(names = "--default-draft", paramLabel = "DRAFT", converter = Converters.DialectName.class,
            description = "Read every schema without $schema as written in DRAFT (2020-12, 2019-09, draft-07, draft-06, "
                    + "draft-04), as if it said so. Without it, its keywords tell: a tuple-form items means draft-07.")
    SchemaDialect dialect;

    /** The reader, set to the chosen dialect when there is one. */
    ManifestReader apply(ManifestReader reader) {
        return dialect == null ? reader : reader.withDefaultDialect(dialect);
    }
}
