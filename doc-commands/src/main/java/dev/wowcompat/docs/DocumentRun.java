package dev.wowcompat.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.regex.Pattern;

/**
 * One document's command blocks, run in order in a terminal of their own ({@link ShellSession}) on a thread of a
 * pool, so that documents run beside each other while the test reports each block in document order: the test of a
 * block waits for its outcome ({@link #outcome}), and the document's last test for its terminal to be closed
 * ({@link #awaitClosed}).
 *
 * <p>A block that builds with Maven or runs a script (a measurement's {@code measure.sh}) runs alone: no other
 * document's block starts while it runs, and it starts once the blocks running beside it have ended, since a build
 * rewrites the jar and the class data archive the other documents' commands start from. The other blocks of its
 * document run beside the other documents' blocks (docs/decisions.md, "The commands of the docs").
 */
public final class DocumentRun {
    private static final Pattern BUILDS_OR_RUNS_A_SCRIPT = Pattern.compile("(?<![\\w-])mvn(?![\\w-])|\\.sh(?![\\w-])");

    private final List<CodeBlock> blocks;
    private final List<CompletableFuture<String>> outcomes = new ArrayList<>();
    /** Each block's wall time, written before its outcome completes (so read after it: CI's time, per block). */
    private final long[] nanos;
    private final CompletableFuture<Void> closed = new CompletableFuture<>();

    private DocumentRun(List<CodeBlock> blocks) {
        this.blocks = List.copyOf(blocks);
        this.nanos = new long[blocks.size()];
        for (int i = 0; i < blocks.size(); i++) {
            outcomes.add(new CompletableFuture<>());
        }
    }

    /** The document's command blocks, in order, not started yet. */
    public static DocumentRun of(List<CodeBlock> commandBlocks) {
        return new DocumentRun(commandBlocks);
    }

    /**
     * Starts running the blocks on {@code pool}, each block that builds or runs a script alone (the write lock of
     * {@code alone}), the others beside other documents' blocks (its read lock).
     */
    public DocumentRun start(DocCommands commands, Executor pool, ReadWriteLock alone) {
        pool.execute(() -> runAll(commands, alone));
        return this;
    }

    /** Whether one of the document's blocks runs alone ({@link #runsAlone(CodeBlock)}). */
    public boolean builds() {
        return blocks.stream().anyMatch(DocumentRun::runsAlone);
    }

    /** Whether a block is run here and builds with Maven or runs a script file. */
    static boolean runsAlone(CodeBlock block) {
        return (block.marker() == null || block.marker().kind() == Marker.Kind.RUN) && BUILDS_OR_RUNS_A_SCRIPT.matcher(block.text()).find();
    }

    private void runAll(DocCommands commands, ReadWriteLock alone) {
        try {
            if (blocks.isEmpty()) {
                closed.complete(null);
                return;
            }
            ShellSession session = new ShellSession(commands.root(), commands.javaOptions());
            try {
                for (int i = 0; i < blocks.size(); i++) {
                    Lock lock = runsAlone(blocks.get(i)) ? alone.writeLock() : alone.readLock();
                    lock.lock();
                    long start = System.nanoTime();
                    try {
                        String outcome = commands.check(blocks.get(i), session);
                        nanos[i] = System.nanoTime() - start;
                        outcomes.get(i).complete(outcome);
                    } catch (Throwable failed) {
                        nanos[i] = System.nanoTime() - start;
                        // A failed block does not end the document: the reader's next paste still runs.
                        outcomes.get(i).completeExceptionally(failed);
                    } finally {
                        lock.unlock();
                    }
                }
            } finally {
                session.close();
            }
            closed.complete(null);
        } catch (Throwable failed) {
            outcomes.forEach(outcome -> outcome.completeExceptionally(failed));
            closed.completeExceptionally(failed);
        }
    }

    /** The line saying what was done with the {@code index}-th command block, once it has run; its failure else. */
    public String outcome(int index) throws Throwable {
        return await(outcomes.get(index));
    }

    /** The seconds the {@code index}-th block took, once {@link #outcome} returned for it. */
    public double seconds(int index) {
        return nanos[index] / 1e9;
    }

    /** Returns once every process the document's blocks started is stopped. */
    public void awaitClosed() throws Throwable {
        await(closed);
    }

    private static <T> T await(CompletableFuture<T> future) throws Throwable {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw e.getCause();
        }
    }
}
