package dev.wowcompat.cli;

import dev.wowcompat.manifest.Futures;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.ProblemCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * Collects the problems of every input file before giving up, so that one run shows everything that is wrong
 * (a user fixing one file at a time through repeated runs is what this avoids).
 */
final class InputFiles {
    private final List<InputProblem> problems = new ArrayList<>();

    /** Reads one input; on failure keeps its problems and returns null. */
    <T> T read(Path file, Parser<T> reading) {
        if (!exists(file)) return null;
        if (Files.isDirectory(file)) {
            problems.add(new InputProblem(file.toString(), "", ProblemCodes.UNREADABLE, "is a directory, expected a JSON file"));
            return null;
        }
        try {
            return reading.read(file);
        } catch (InvalidInputException e) {
            problems.addAll(e.problems());
            return null;
        }
    }

    /**
     * Expands each argument ({@link #expand}) and starts reading its files, one after the other, on another thread,
     * beside whatever the caller reads meanwhile (one thread, so that a directory of fifty releases is not fifty
     * parsed documents in memory at once). {@link Pending#get} waits for them and adds their problems after those
     * found so far, argument by argument and file by file, as reading them here would have.
     */
    <T> Pending<T> readLater(List<Path> arguments, Parser<T> reading) {
        List<Later> later = new ArrayList<>();
        for (Path argument : arguments) {
            InputFiles expanding = new InputFiles();
            for (Path file : expanding.expand(argument)) later.add(new Later(argument, file, List.of()));
            if (!expanding.problems.isEmpty()) later.add(new Later(argument, null, expanding.problems));
        }
        CompletableFuture<List<Outcome<T>>> reads = CompletableFuture.supplyAsync(() -> {
            List<Outcome<T>> out = new ArrayList<>();
            for (Later l : later) {
                InputFiles own = new InputFiles();
                own.problems.addAll(l.problems());
                T value = l.file() == null ? null : own.read(l.file(), reading);
                out.add(new Outcome<>(l.argument(), l.file(), value, own.problems));
            }
            return out;
        });
        return () -> {
            List<ReadFile<T>> values = new ArrayList<>();
            for (Outcome<T> outcome : Futures.join(reads)) {
                problems.addAll(outcome.problems());
                if (outcome.value() != null) values.add(new ReadFile<>(outcome.argument(), outcome.file(), outcome.value()));
            }
            return values;
        };
    }

    /** A file to read (or, with no file, an argument's problems), in the order of the arguments. */
    private record Later(Path argument, Path file, List<InputProblem> problems) {}

    private record Outcome<T>(Path argument, Path file, T value, List<InputProblem> problems) {}

    /** A file read by {@link #readLater}, and the argument that named it (itself, or its directory). */
    record ReadFile<T>(Path argument, Path file, T value) {}

    /** Reads started by {@link #readLater}. */
    @FunctionalInterface
    interface Pending<T> {
        /** What was read without a problem, in the arguments' and files' order. */
        List<ReadFile<T>> get();
    }

    /** A file, or every {@code *.json} file directly in a directory, in name order. */
    List<Path> expand(Path fileOrDirectory) {
        if (!exists(fileOrDirectory)) return List.of();
        if (!Files.isDirectory(fileOrDirectory)) return List.of(fileOrDirectory);
        try (Stream<Path> entries = Files.list(fileOrDirectory)) {
            List<Path> files = entries
                    .filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
            if (files.isEmpty()) {
                problems.add(new InputProblem(fileOrDirectory.toString(), "", ProblemCodes.UNREADABLE, "no *.json file in this directory"));
            }
            return files;
        } catch (IOException e) {
            problems.add(new InputProblem(fileOrDirectory.toString(), "", ProblemCodes.UNREADABLE, "cannot list this directory: " + e.getMessage()));
            return List.of();
        }
    }

    void add(InputProblem problem) {
        problems.add(problem);
    }

    /**
     * @throws InvalidInputException with every problem collected so far, if there is any; a file given twice (the
     *         candidate inside a baseline directory, say) is reported once
     */
    void throwIfAny() throws InvalidInputException {
        if (!problems.isEmpty()) throw new InvalidInputException(List.copyOf(new LinkedHashSet<>(problems)));
    }

    private boolean exists(Path file) {
        if (Files.exists(file)) return true;
        problems.add(new InputProblem(file.toString(), "", ProblemCodes.UNREADABLE, "no such file"));
        return false;
    }

    @FunctionalInterface
    interface Parser<T> {
        T read(Path file) throws InvalidInputException;
    }
}
