package dev.wowcompat.manifest;

import java.util.List;
import java.util.stream.Collectors;

/** Input that cannot be used, with every problem found in it. Carries no stack trace: it is for users. */
public final class InvalidInputException extends Exception {
    private final transient List<InputProblem> problems;

    public InvalidInputException(List<InputProblem> problems) {
        super(problems.stream().map(InputProblem::line).collect(Collectors.joining("\n")), null, false, false);
        this.problems = List.copyOf(problems);
    }

    public InvalidInputException(InputProblem problem) {
        this(List.of(problem));
    }

    public List<InputProblem> problems() {
        return problems;
    }
}
