package dev.wowcompat.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The specific additive fix for a finding, naming the property and values involved. */
final class Fixes {
    private Fixes() {}

    /** What a new property needs to pass: optional with a default, read by this release, written by the next. */
    private static final String STAGED = ", a \"default\" and \"x-wow-written\": false in this release";

    static String fieldRemoved(String name) {
        return "Keep '" + name + "' in the schema: stop writing it, mark it \"deprecated\": true with \"x-wow-written\": false,"
                + " and give it a default readers can fall back to.";
    }

    static String fieldRenamed(String from, String to) {
        return "Keep '" + from + "' as it is and add '" + to + "' alongside it with the same schema" + STAGED
                + "; populate both from the next minor release. Never remove '" + from + "': once no reader needs it,"
                + " mark it deprecated and stop writing it.";
    }

    static String typeChanged(Scope s, Set<String> before, Set<String> after) {
        if (s.property() == null) return null;
        return "Leave '" + s.property() + "' as " + JsonTypes.showTypes(before) + " and add a new property (e.g. '"
                + suggestName(s.property(), after == null || after.isEmpty() ? "v2" : after.iterator().next())
                + "') of type " + JsonTypes.showTypes(after) + STAGED + "; write both from the next minor release.";
    }

    static String meaningChanged(Scope s, String keyword, JsonNode before, JsonNode after) {
        String name = s.property();
        if (name == null) return null;
        if (before == null) {
            return "Leave '" + name + "' without " + keyword + " and add a new optional property '" + suggestName(name, after.asText())
                    + "' with " + keyword + " " + JsonValues.show(after) + STAGED + "; write both from the next minor release.";
        }
        if (after == null) {
            return "Keep " + keyword + " " + JsonValues.show(before) + " on '" + name
                    + "'; a value with another meaning goes in a new optional property with a new name" + STAGED + ".";
        }
        String kept = keyword.equals("x-wow-unit") ? "in " + JsonValues.show(before) : "with " + keyword + " " + JsonValues.show(before);
        return "Add a new optional property '" + suggestName(name, after.asText()) + "' with " + keyword + " "
                + JsonValues.show(after) + STAGED + ", and keep writing '" + name + "' " + kept
                + "; write the new one from the next minor release.";
    }

    static String defaultChanged(Scope s, JsonNode before) {
        return "Keep the default " + JsonValues.show(before) + " on " + where(s)
                + ": readers fill it in for data that lacks the value. A value with another default goes in a new optional property"
                + STAGED + ".";
    }

    static String refChanged(Scope s, String before, String after) {
        return "Keep " + where(s) + " referring to '" + before + "'; for a value of '" + after
                + "' add a new optional property with a new name" + STAGED
                + "; write both from the next minor release.";
    }

    static String requiredAdded(String name) {
        return "Leave '" + name + "' optional (out of \"required\") with a \"default\": old writers do not send it and stored"
                + " data does not have it. If it is new, also \"x-wow-written\": false in this release, written from the next.";
    }

    static String defaultMissing(String name) {
        return "Give '" + name + "' a \"default\" (or make it nullable, \"type\": [..., \"null\"], which defaults to null)"
                + " and \"x-wow-written\": false in this release; write it from the next minor release.";
    }

    static String writtenBeforeRead(String name) {
        return "Stage '" + name + "': release it first with \"x-wow-written\": false (and a default) so that release reads it,"
                + " and write it from the next minor release.";
    }

    static String commandUnstaged(String name) {
        return "Add '" + name + "' with a \"default\" and \"x-wow-written\": false first so every node reads it, and let clients send it"
                + " from the next minor release.";
    }

    static String addedToClosed(String name) {
        return "Do not add '" + name + "' to this closed object: old readers reject documents that carry it. Put it in a"
                + " new type or revision instead, and leave new objects open.";
    }

    static String tightened(Scope s, String keyword, JsonNode before) {
        String rule = before == null ? "no " + keyword : keyword + " " + JsonValues.show(before);
        return "Keep " + rule + " on " + where(s) + "; enforce the stricter rule where new data is made (in the command"
                + " handler), not in the schema: stored data must stay readable.";
    }

    static String loosened(Scope s, String keyword, JsonNode before) {
        String rule = before == null ? "no " + keyword : keyword + " " + JsonValues.show(before);
        return "Keep " + rule + " on " + where(s) + " and put values outside it in a new, optional property that old"
                + " readers ignore, with a \"default\" and \"x-wow-written\": false in this release; write it from the next minor release.";
    }

    static String enumAdded(Scope s, JsonNode known, List<JsonNode> added) {
        return "No Manifest keyword stages one enum value: keep writing one of " + JsonValues.show(known) + " in " + where(s)
                + " for the new case and carry it in a new optional property with a \"default\" and \"x-wow-written\": false"
                + " in this release (written from the next minor"
                + " release). Add " + added.stream().map(JsonNode::toString).collect(Collectors.joining(", "))
                + " only once every reader of " + where(s) + " maps unknown values to a default.";
    }

    /** 'name' when the place is the property itself, else its description ("the items of 'tags'"). */
    private static String where(Scope s) {
        return s.property() != null && s.step() != null && s.propertyStep() ? "'" + s.property() + "'" : s.what();
    }

    /** timestamp + "ms" -> timestampMs; amount + "date-time" -> amountDateTime. */
    static String suggestName(String name, String value) {
        StringBuilder out = new StringBuilder(name);
        boolean upper = true;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                upper = true;
                continue;
            }
            out.append(upper ? Character.toUpperCase(c) : c);
            upper = false;
        }
        return out.length() == name.length() ? name + "V2" : out.toString();
    }
}
