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
 * <p>A document that builds with Maven or runs a script (a measurement's {@code measure.sh}) runs alone: a build
 * rewrites the jar and the class data archive the other documents' commands start from, and a measurement wants the
 * machine to itself (docs/decisions.md, "The commands of the docs").
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
     * Starts running the blocks on {@code pool}: alone (the write lock of {@code alone}) when one of them builds or
     * runs a script, else beside other documents (its read lock).
     */
    public DocumentRun start(DocCommands commands, Executor pool, ReadWriteLock alone) {
        Lock lock = runsAlone() ? alone.writeLock() : alone.readLock();
        pool.execute(() -> runAll(commands, lock));
        return this;
    }

    /** Whether the document runs alone ({@link #runsAlone(List)}). */
    public boolean runsAlone() {
        return runsAlone(blocks);
    }

    /** Whether a block that is run here builds with Maven or runs a script file. */
    static boolean runsAlone(List<CodeBlock> commandBlocks) {
        return commandBlocks.stream()
                .filter(block -> block.marker() == null || block.marker().kind() == Marker.Kind.RUN)
                .anyMatch(block -> BUILDS_OR_RUNS_A_SCRIPT.matcher(block.text()).find());
    }

    private void runAll(DocCommands commands, Lock lock) {
        lock.lock();
        try {
            if (blocks.isEmpty()) {
                closed.complete(null);
                return;
            }
            ShellSession session = new ShellSession(commands.root(), commands.javaOptions());
            try {
                for (int i = 0; i < blocks.size(); i++) {
                    long start = System.nanoTime();
                    try {
                        String outcome = commands.check(blocks.get(i), session);
                        nanos[i] = System.nanoTime() - start;
                        outcomes.get(i).complete(outcome);
                    } catch (Throwable failed) {
                        nanos[i] = System.nanoTime() - start;
                        // A failed block does not end the document: the reader's next paste still runs.
                        outcomes.get(i).completeExceptionally(failed);
                    }
                }
            } finally {
                session.close();
            }
            closed.complete(null);
        } catch (Throwable failed) {
            outcomes.forEach(outcome -> outcome.completeExceptionally(failed));
            closed.completeExceptionally(failed);
        } finally {
            lock.unlock();
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
