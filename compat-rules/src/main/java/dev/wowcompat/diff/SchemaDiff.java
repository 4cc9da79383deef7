package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.rules.Change;
import dev.wowcompat.rules.Finding;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * Walks two JSON Schemas of one subject (drafts 04, 06, 07, 2019-09 and 2020-12, each read in its own draft
 * (see {@link Draft}), boolean schemas included) and reports
 * every change as a {@link Finding} with its rule and JSON pointer. Pure and thread-safe.
 *
 * <p>Pointers point into the new schema where the change is, or into the old one for something removed. Local
 * {@code $ref} resolve against each schema's own root; a remote one is refused with an
 * {@link IllegalArgumentException}, never fetched. With {@link DiffContext#structural()} only changes to which
 * documents validate are reported, {@code breaks} naming the side that rejects (the plain levels); otherwise
 * the ADDITIVE policy of docs/rules.md applies.
 */
public final class SchemaDiff {
    /**
     * Pairs of schemas one comparison follows inside each other (through properties, items, branches and $ref). A
     * schema legal but deep through $ref (5,000 levels of recursion) is compared; past this, the input is refused with
     * {@link SchemaTooDeepException}. Bounds the stack and time one comparison may take.
     */
    public static final int MAX_DEPTH = 20_000;
    /**
     * Depth compared on the caller's thread, whose stack may be small (a server's worker). Deeper comparisons start
     * again on a thread of their own with a stack sized for {@link #MAX_DEPTH}; real schemas stay far below this.
     */
    static final int INLINE_DEPTH = 256;
    /**
     * Stack of the thread for deep comparisons. Measured: 32 MiB held {@link #MAX_DEPTH} levels and 16 MiB did not
     * (about 1.5 KiB a level); four times that leaves room for frames the JIT has not compiled yet. Only the pages a
     * comparison touches are committed.
     */
    private static final long DEEP_STACK_BYTES = 128L << 20;

    private SchemaDiff() {}

    /**
     * @throws IllegalArgumentException when a schema is not a schema (neither object nor boolean), or a $ref the
     *         comparison has to follow is remote, dangling or a cycle that never reaches a schema
     * @throws SchemaTooDeepException when the two schemas nest into each other more than {@link #MAX_DEPTH} deep
     */
    public static List<Finding> compare(JsonNode oldSchema, JsonNode newSchema, DiffContext context) {
        return diff(oldSchema, newSchema, context).findings();
    }

    /** What one comparison found: the findings, and the compatible changes met on the same walk. */
    public record Result(List<Finding> findings, List<Change> changes) {
        static final Result NONE = new Result(List.of(), List.of());

        public Result {
            findings = List.copyOf(findings);
            changes = List.copyOf(changes);
        }
    }

    /**
     * {@link #compare}, with the changelog: the compatible changes the walk met (a property added with a default,
     * a deprecation, documentation ...), each where no finding was made.
     *
     * @throws IllegalArgumentException as {@link #compare}
     * @throws SchemaTooDeepException as {@link #compare}
     */
    public static Result diff(JsonNode oldSchema, JsonNode newSchema, DiffContext context) {
        Objects.requireNonNull(oldSchema, "oldSchema");
        Objects.requireNonNull(newSchema, "newSchema");
        Objects.requireNonNull(context, "context");
        // Most schemas do not change between releases: equal documents resolve every $ref alike, so nothing differs.
        if (JsonValues.same(oldSchema, newSchema)) return Result.NONE;
        try {
            return walk(oldSchema, newSchema, context, INLINE_DEPTH);
        } catch (Walker.TooDeep shallowStack) {
            return onDeepStack(() -> {
                try {
                    return walk(oldSchema, newSchema, context, MAX_DEPTH);
                } catch (Walker.TooDeep e) {
                    throw new SchemaTooDeepException(context.subject(), e.pointer);
                }
            });
        }
    }

    private static Result walk(JsonNode oldSchema, JsonNode newSchema, DiffContext context, int maxDepth) {
        Walker walker = new Walker(context, maxDepth);
        walker.compare(new SchemaDocument(oldSchema).root(), new SchemaDocument(newSchema).root(), Scope.root());
        return new Result(walker.findings(), walker.changes());
    }

    /** Runs a deep comparison on a thread whose stack holds {@link #MAX_DEPTH} levels; its failure is rethrown here. */
    private static Result onDeepStack(Supplier<Result> comparison) {
        FutureTask<Result> task = new FutureTask<>(comparison::get);
        Thread thread = new Thread(null, task, "wow-compat-deep-diff", DEEP_STACK_BYTES);
        thread.setDaemon(true);
        thread.start();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the comparison is bounded: finish it, then restore the flag
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException r) throw r;
                    if (e.getCause() instanceof Error err) throw err;
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /**
     * What a schema that is new in this release (a new type or revision, with nothing to compare it with)
     * means for the releases after it: under the ADDITIVE policy, each closed object in it
     * ({@code closed-content-model}, a warning), because readers of this release will reject every property
     * added to it later. Nothing under the plain levels.
     */
    public static List<Finding> introduced(JsonNode newSchema, DiffContext context) {
        Objects.requireNonNull(newSchema, "newSchema");
        Objects.requireNonNull(context, "context");
        if (context.structural()) return List.of();
        Walker walker = new Walker(context, INLINE_DEPTH);
        walker.introduce(new SchemaDocument(newSchema).root());
        return walker.findings();
    }
}
