package dev.wowcompat.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Manifests and schemas written to real files for the command-line tests. */
final class Fixtures {
    private Fixtures() {}

    /** The command Deposit's schema in every release unless a test changes it. */
    static final String DEPOSIT = """
            {"type": "object", "properties": {"amount": {"type": "integer", "default": 0}}}""";

    /** Deposited@1 as first released. */
    static final String DEPOSITED = """
            {"type": "object",
             "properties": {
               "amount": {"type": "integer", "default": 0},
               "currency": {"type": "string", "enum": ["EUR", "USD"], "default": "EUR"}}}""";

    /** Deposited@1 with a property removed: field-removed, breaking. */
    static final String DEPOSITED_WITHOUT_CURRENCY = """
            {"type": "object", "properties": {"amount": {"type": "integer", "default": 0}}}""";

    /** Deposit with a new optional property that is not staged: command-field-unstaged, a warning. */
    static final String DEPOSIT_WITH_NOTE = """
            {"type": "object",
             "properties": {
               "amount": {"type": "integer", "default": 0},
               "note": {"type": "string", "default": ""}}}""";

    static String manifest(String service, String version, String depositSchema, String depositedSchema) {
        return """
                {
                  "manifest": 1,
                  "service": "%s",
                  "version": "%s",
                  "contexts": {
                    "bank": {
                      "aggregates": {
                        "account": {
                          "state": {"schema": {"type": "object", "properties": {"balance": {"type": "integer", "default": 0}}}},
                          "commands": {"Deposit": {"schema": %s}},
                          "events": {"Deposited": {"revisions": {"1": {"schema": %s}}}},
                          "errors": {"insufficient-balance": {"description": "not enough money"}}
                        }
                      }
                    }
                  }
                }
                """.formatted(service, version, depositSchema, depositedSchema);
    }

    static String bank(String version, String depositSchema, String depositedSchema) {
        return manifest("bank-service", version, depositSchema, depositedSchema);
    }

    static String bank(String version) {
        return bank(version, DEPOSIT, DEPOSITED);
    }

    static Path write(Path dir, String name, String content) {
        try {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** JSON nested {@code depth} arrays deep: a stack-overflow probe for every reader. */
    static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }
}
