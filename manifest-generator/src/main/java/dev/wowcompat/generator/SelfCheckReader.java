package dev.wowcompat.generator;

import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.ManifestReader;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * The reader of the generation's self-check, made and warmed up on a thread of its own while the generation runs.
 *
 * <p>In a fresh JVM the self-check's cost is mostly its first use: loading compat-rules, the JSON Schema validator and
 * the meta-schemas, and compiling them (the same read takes a few tens of milliseconds once warm). The forked
 * generator's JVM has a core to spare (the build's JVM waits for it), so that first use is done beside the
 * generation, on a small Manifest of our own; the generated Manifest is then read by the same reader, with every
 * check it makes: nothing is skipped, only started earlier.
 */
final class SelfCheckReader {
    /** A small valid Manifest that uses the keywords the generator writes. */
    private static final byte[] WARM_UP = ("{\"manifest\":1,\"service\":\"warm-up\",\"version\":\"1.0.0\",\"contexts\":{\"warm\":{"
            + "\"aggregates\":{\"up\":{\"state\":{\"schema\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"}},"
            + "\"required\":[\"id\"]}},\"commands\":{\"Start\":{\"schema\":{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
            + "\"type\":\"object\",\"description\":\"d\",\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":-2147483648,"
            + "\"maximum\":2147483647},\"m\":{\"$ref\":\"#/$defs/Money\"},\"s\":{\"type\":[\"string\",\"null\"],\"default\":\"x\","
            + "\"x-wow-written\":false}},\"required\":[\"n\"],\"$defs\":{\"Money\":{\"type\":\"object\",\"properties\":{\"a\":"
            + "{\"type\":\"number\",\"x-wow-unit\":\"s\"},\"c\":{\"type\":\"string\",\"enum\":[\"EUR\",\"USD\"]}}}}}}},"
            + "\"events\":{\"Started\":{\"revisions\":{\"1\":{\"schema\":{\"type\":\"object\",\"properties\":{\"at\":{\"type\":"
            + "\"array\",\"items\":{\"type\":\"string\",\"format\":\"date-time\"}}}}}}}}}}}}}").getBytes(StandardCharsets.UTF_8);

    private SelfCheckReader() {
    }

    /** Starts making and warming up a reader on a daemon thread; the supplier waits for it. */
    static Supplier<ManifestReader> startWarmingUp() {
        FutureTask<ManifestReader> task = new FutureTask<>(() -> {
            ManifestReader reader = new ManifestReader();
            try {
                reader.read(WARM_UP, "warm-up");
            } catch (InvalidInputException | RuntimeException e) {
                // Only a warm-up: the generated Manifest is read in full either way.
            }
            return reader;
        });
        Thread thread = new Thread(task, "wow-compat self-check reader");
        thread.setDaemon(true);
        thread.start();
        return () -> {
            try {
                return task.get();
            } catch (ExecutionException e) {
                return new ManifestReader();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new ManifestReader();
            }
        };
    }
}
