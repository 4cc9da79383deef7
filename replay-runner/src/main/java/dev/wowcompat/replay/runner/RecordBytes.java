package dev.wowcompat.replay.runner;

/** A record as the bytes of its request line from {@code offset}: read by Wow's mapper where it lies. */
record RecordBytes(byte[] line, int offset) {
    Object read(WowRuntime wow) throws Throwable {
        return wow.readTree(line, offset, line.length - offset);
    }
}
