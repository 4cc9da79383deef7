package dev.wowcompat.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The registry's refusal of an environment where no deployment was ever recorded ({@code GET /can-deploy} without
 * {@code newEnvironment=true}, docs/api.md): the name asked for, the names the registry knows and the near ones. One
 * sentence for the command line and the Maven goal alike, each naming its own way to say the environment is new.
 */
public record UnknownEnvironment(String environment, List<String> known, int moreKnown, List<String> nearest) {
    /** The problem code of the refusal, as docs/api.md lists it. */
    public static final String CODE = "wow-compat.environment.not-found";
    /** Known names the sentence lists; the others are counted. */
    static final int NAMED = 20;

    public UnknownEnvironment {
        known = List.copyOf(known);
        nearest = List.copyOf(nearest);
    }

    /** The refusal in an answer of {@code GET /can-deploy}, when it is one. */
    public static Optional<UnknownEnvironment> of(RegistryClient.Answer answer) {
        JsonNode problem = answer.tree();
        if (answer.status() != 404 || !CODE.equals(problem.path("code").asText())) return Optional.empty();
        return Optional.of(new UnknownEnvironment(problem.path("environment").asText(), texts(problem.path("environments")),
                problem.path("moreEnvironments").asInt(0), texts(problem.path("nearest"))));
    }

    /**
     * {@code registry: no deployment was ever recorded in 'prodution' (wow-compat.environment.not-found); did you mean
     * 'production'? It knows 'production', 'staging'. A first deployment there says so with --new-environment.}
     *
     * @param sayNew how the caller says an environment is new, e.g. {@code --new-environment}
     */
    public String sentence(String registry, String sayNew) {
        StringBuilder s = new StringBuilder(registry).append(": no deployment was ever recorded in '").append(environment)
                .append("' (").append(CODE).append(")");
        s.append(nearest.isEmpty() ? "." : "; did you mean " + quoted(nearest, " or ") + "?");
        int left = Math.max(0, known.size() - NAMED) + moreKnown;
        s.append(known.isEmpty() ? " It knows no environment yet." : " It knows " + quoted(known.subList(0, Math.min(NAMED, known.size())), ", ")
                + (left > 0 ? " and " + left + " more." : "."));
        return s.append(" A first deployment there says so with ").append(sayNew).append('.').toString();
    }

    private static String quoted(List<String> names, String separator) {
        return names.stream().map(n -> "'" + n + "'").collect(Collectors.joining(separator));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
