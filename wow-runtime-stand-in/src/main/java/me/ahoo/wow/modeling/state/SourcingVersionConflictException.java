package me.ahoo.wow.modeling.state;

/** Stand-in for Wow's refusal of an event stream whose version is not the next one. */
public class SourcingVersionConflictException extends RuntimeException {
    public SourcingVersionConflictException(int expectVersion, int actualVersion) {
        super("Expected version " + expectVersion + ", got " + actualVersion + ".");
    }
}
