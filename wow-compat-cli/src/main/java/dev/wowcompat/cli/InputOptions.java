package dev.wowcompat.cli;

import dev.wowcompat.manifest.InputLimits;
import picocli.CommandLine.Option;

/** What one input file may cost; the defaults are the library's. */
final class InputOptions {
    @Option(names = "--max-bytes", paramLabel = "N", converter = Converters.ByteCount.class,
            description = "Refuse input files larger than N bytes (suffix k, m or g allowed; default: ${DEFAULT-VALUE}).")
    long maxBytes = InputLimits.DEFAULT_MAX_BYTES;

    InputLimits limits() {
        return InputLimits.defaults().withMaxBytes(maxBytes);
    }
}
