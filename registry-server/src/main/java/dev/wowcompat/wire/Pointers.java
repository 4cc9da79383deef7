package dev.wowcompat.wire;

/** RFC 6901 JSON pointers. */
public final class Pointers {
    private Pointers() {}

    public static String child(String pointer, String name) {
        return pointer + "/" + name.replace("~", "~0").replace("/", "~1");
    }

    public static String child(String pointer, int index) {
        return pointer + "/" + index;
    }
}
