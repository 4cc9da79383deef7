package dev.wowcompat.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Collects what stops a generation (problems) and what the user should know (warnings), one sentence each. */
final class GenerationProblems {
    private final List<String> problems = new ArrayList<>();
    private final TreeSet<String> warnings = new TreeSet<>();

    void problem(String sentence) {
        if (!problems.contains(sentence)) {
            problems.add(sentence);
        }
    }

    void warn(String sentence) {
        warnings.add(sentence);
    }

    boolean any() {
        return !problems.isEmpty();
    }

    List<String> problems() {
        return List.copyOf(problems);
    }

    List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** Takes over what another run of the same work found. */
    void addAll(GenerationProblems other) {
        other.problems.forEach(this::problem);
        warnings.addAll(other.warnings);
    }
}
