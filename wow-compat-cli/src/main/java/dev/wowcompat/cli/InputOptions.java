package dev.wowcompat.cli;

import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.serve.SizeConverter;
import picocli.CommandLine.Option;

/** What one input file may cost; the defaults are the library's. */
final class InputOptions {
    @Option(names = "--max-bytes", paramLabel = "N", converter = SizeConverter.class,
            description = "Refuse input files larger than N bytes (10m, 64k, 1g or bytes; default: 64m).")
    long maxBytes = InputLimits.DEFAULT_MAX_BYTES;

    InputLimits limits() {
        return InputLimits.defaults().withMaxBytes(maxBytes);
    }
}
