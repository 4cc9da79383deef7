package dev.wowcompat.cli;

import dev.wowcompat.diff.SchemaTooDeepException;
import dev.wowcompat.generator.GenerationException;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** How failures reach the user: one line per problem on standard error, exit code 2, no stack trace. */
final class Failures {
    private Failures() {}

    /** Usage errors: one sentence of ours per slip ({@link UsageErrors}), then where to find the usage. */
    static final class UsageHandler implements IParameterExceptionHandler {
        @Override
        public int handleParseException(ParameterException ex, String[] args) {
            CommandLine cmd = ex.getCommandLine();
            PrintWriter err = cmd.getErr();
            String command = cmd.getCommandSpec().qualifiedName();
            for (String sentence : UsageErrors.sentences(ex, args)) err.println(command + ": " + oneLine(sentence));
            err.println("Try '" + command + " --help' for usage.");
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
    }

    /** Bad input found while running: every problem as {@code file: pointer: message}; anything else is a bug. */
    static final class ExecutionHandler implements IExecutionExceptionHandler {
        private final boolean debug;

        ExecutionHandler(boolean debug) {
            this.debug = debug;
        }

        @Override
        public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
            PrintWriter err = cmd.getErr();
            if (ex instanceof InvalidInputException invalid) {
                for (InputProblem problem : invalid.problems()) {
                    err.println(problem.line());
                }
                if (invalid.problems().isEmpty()) err.println(cmd.getCommandSpec().qualifiedName() + ": invalid input");
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
            if (ex instanceof GenerationException generation) {
                // Each problem is a sentence that names the class (or file) it is about.
                for (String problem : generation.problems()) {
                    err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(problem));
                }
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
            if (ex instanceof SchemaTooDeepException deep) {
                err.println(new InputProblem(deep.subject(), deep.pointer(), SchemaTooDeepException.CODE, deep.getMessage()).line());
                err.flush();
                return ExitCodes.BAD_INPUT;
            }
            return internalError(ex, err, debug);
        }
    }

    /** One line for the user; the stack trace only when debugging was asked for. */
    static int internalError(Throwable e, PrintWriter err, boolean debug) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
        err.println("wow-compat: internal error: " + oneLine(message));
        if (debug) e.printStackTrace(err);
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    static String oneLine(String text) {
        return text == null ? "" : text.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ');
    }
}
