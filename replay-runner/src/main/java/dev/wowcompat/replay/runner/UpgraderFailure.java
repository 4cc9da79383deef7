package dev.wowcompat.replay.runner;

/** An upgrader of the candidate's chain threw, or returned a record of another aggregate. */
final class UpgraderFailure extends Exception {
    UpgraderFailure(Throwable cause) {
        super(cause);
    }
}
