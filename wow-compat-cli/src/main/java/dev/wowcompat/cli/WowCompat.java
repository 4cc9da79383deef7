package dev.wowcompat.cli;

import dev.wowcompat.serve.ServeCommand;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Entry point of the wow-compat command line (docs/architecture.md, "The modules"). Every subcommand is listed once, in the
 * {@code subcommands} of the annotation below; adding one is adding its class there.
 *
 * <p>Exit codes: 0 compatible, 1 findings that fail the check, 2 bad input or usage. {@link #main} is the only
 * place that exits the JVM; commands return their code, and problems reach the user through the handlers
 * installed by {@link #commandLine}, one line each and never as a stack trace.
 */
@Command(name = "wow-compat",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Schema registry and compatibility checker for event-sourced services.",
        subcommands = {
                CheckCommand.class,
                CheckSchemaCommand.class,
                FingerprintCommand.class,
                SchemaCommand.class,
                ManifestCommand.class,
                ServeCommand.class,
                MigrateCommand.class,
                RegisterCommand.class,
                RecordDeploymentCommand.class,
                CanDeployCommand.class,
                VerifyStateCommand.class,
                AuditCommand.class,
                ReplayCommand.class,
                WatchCommand.class,
                CommandLine.HelpCommand.class,
        })
public final class WowCompat implements Callable<Integer> {

    /** Set to 1 to see the stack trace of an internal error (for reporting a bug, not for users). */
    public static final String DEBUG_VARIABLE = "WOW_COMPAT_DEBUG";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "Missing command: give one of " + String.join(", ", spec.subcommands().keySet()));
    }

    /**
     * The configured command line: output to {@code out}, problems to {@code err}, the exit codes above.
     *
     * @param debug whether an internal error prints its stack trace after the one-line message
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err, boolean debug) {
        CommandLine cli = new CommandLine(new WowCompat());
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler(new Failures.UsageHandler());
        cli.setExecutionExceptionHandler(new Failures.ExecutionHandler(debug));
        cli.setExecutionStrategy(WowCompat::refuseUnmatchedThenRun);
        return cli;
    }

    /**
     * picocli lets {@code --help} and {@code --version} pass with arguments it could not match, so a CI step with a
     * mistyped command ({@code wow-compat can-deplyo --version 1.2.0}) would print the tool's version and exit 0:
     * whatever is unmatched is a usage error, help or not. So is the tool's version asked for before a command,
     * which would print it and run nothing.
     */
    private static int refuseUnmatchedThenRun(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (!p.unmatched().isEmpty()) {
                throw new CommandLine.UnmatchedArgumentException(p.commandSpec().commandLine(), p.unmatched());
            }
        }
        if (parsed.isVersionHelpRequested() && parsed.hasSubcommand()) {
            throw new ParameterException(parsed.commandSpec().commandLine(), UsageErrors.versionWithCommand(parsed));
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /** Runs one command line to its exit code; whatever goes wrong is reported on {@code err} as one line. */
    public static int run(String[] args, PrintWriter out, PrintWriter err, boolean debug) {
        return execute(commandLine(out, err, debug), args, debug);
    }

    /** Executes a configured command line (see {@link #commandLine}); the seam tests use to add a command. */
    static int execute(CommandLine cli, String[] args, boolean debug) {
        PrintWriter out = cli.getOut();
        PrintWriter err = cli.getErr();
        try {
            int code = cli.execute(args);
            // A report that did not reach standard output (a full disk, a closed pipe) is no verdict: a CI step
            // must not pass on it. PrintWriter keeps the failure to itself until asked.
            if (out.checkError()) {
                err.println(commandName(cli) + ": cannot write to standard output (is the disk full or the pipe closed?): "
                        + "what the command printed there is incomplete");
                return ExitCodes.BAD_INPUT;
            }
            return code;
        } catch (RuntimeException | Error e) {
            // picocli hands Errors (e.g. StackOverflowError) and failures inside its own handlers straight through.
            return Failures.internalError(e, err, debug);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** {@code wow-compat check}: the command that ran, as the other messages name it. */
    private static String commandName(CommandLine cli) {
        CommandLine.ParseResult parsed = cli.getParseResult();
        if (parsed == null) return "wow-compat";
        while (parsed.hasSubcommand()) parsed = parsed.subcommand();
        return parsed.commandSpec().qualifiedName();
    }

    public static void main(String[] args) {
        // SLF4J's own notices (e.g. "no providers found" while the schema validator loads) are not for the user of a
        // command line tool; -Dslf4j.internal.verbosity=WARN brings them back.
        if (System.getProperty("slf4j.internal.verbosity") == null) System.setProperty("slf4j.internal.verbosity", "ERROR");
        // Over the file descriptor itself, not System.out, which swallows write errors: a report that could not be
        // written is then seen by execute().
        PrintWriter out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(run(args, out, err, "1".equals(System.getenv(DEBUG_VARIABLE))));
    }
}
