package dev.wowcompat.generator;

import java.util.List;

/** The classes cannot give a Manifest: one sentence per problem, each naming the class at fault. */
public final class GenerationException extends Exception {
    private final List<String> problems;

    public GenerationException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public GenerationException(String problem) {
        this(List.of(problem));
    }

    /** One sentence per problem, each naming the class at fault. */
    public List<String> problems() {
        return problems;
    }
}
