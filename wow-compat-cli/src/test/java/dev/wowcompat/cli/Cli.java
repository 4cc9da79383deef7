package dev.wowcompat.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/** Runs the command line in-process with captured output, as {@code main} would but without exiting. */
final class Cli {
    private Cli() {}

    record Result(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }

        /** What a user must never see: a Java exception name or a stack frame. */
        Result assertNoStackTrace() {
            for (String text : List.of(out, err)) {
                assertFalse(text.contains("Exception"), "no exception names for users:\n" + text);
                assertFalse(text.contains("\tat "), "no stack frames for users:\n" + text);
                assertFalse(text.contains("internal error"), "bad input is not an internal error:\n" + text);
            }
            return this;
        }

        /** Exit 2, and every line on standard error is a problem about one of the given files. */
        Result assertBadInput(String... files) {
            assertEquals(2, code, "exit code; err:\n" + err + "\nout:\n" + out);
            assertNoStackTrace();
            assertTrue(out.isEmpty(), "no report for bad input: " + out);
            assertFalse(err.isBlank(), "a problem line is printed");
            for (String line : errLines()) {
                assertTrue(List.of(files).stream().anyMatch(f -> line.startsWith(f + ": ")),
                        "each line is 'file: pointer: message' about " + List.of(files) + ": " + line);
            }
            return this;
        }
    }

    /** The address of a port nothing listens on: a registry that cannot be reached. */
    static String unreachableUrl() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = WowCompat.run(args, new PrintWriter(out), new PrintWriter(err), false);
        return new Result(code, out.toString(), err.toString());
    }

    /** Runs {@code args} on a command line that also has {@code extra} as subcommand {@code name}. */
    static Result runWith(String name, Object extra, boolean debug, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = WowCompat.commandLine(new PrintWriter(out), new PrintWriter(err), debug);
        cli.addSubcommand(name, extra);
        // out and err reach only the subcommands present when they are set
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = WowCompat.execute(cli, args, debug);
        return new Result(code, out.toString(), err.toString());
    }
}
