package dev.wowcompat.audit;

/**
 * The audit cannot run or go on: bad input (an option, a file, a line that is not a kcat record), or Kafka or the
 * registry out of reach. The message is one sentence for the user (the command line's exit code 2), never a trace.
 */
public final class AuditException extends Exception {
    public AuditException(String message) {
        super(message, null, false, false);
    }
}
