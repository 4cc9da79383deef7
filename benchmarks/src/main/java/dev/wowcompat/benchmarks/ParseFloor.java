package dev.wowcompat.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The floor for a JVM tool that checks Manifest files: a fresh JVM that only parses the same files into Jackson
 * trees and exits. The command line's check is measured as a ratio to this (docs/performance.md), so that the
 * machine's speed and load cancel out.
 */
public final class ParseFloor {
    private ParseFloor() {}

    public static void main(String[] args) throws IOException {
        ObjectMapper json = new ObjectMapper();
        long nodes = 0;
        for (String file : args) {
            JsonNode tree = json.readTree(Path.of(file).toFile());
            nodes += tree.size();
        }
        // Printed so that the parse cannot be optimised away, and to show what was read.
        System.out.println(args.length + " files parsed, " + nodes + " top-level members");
    }
}
