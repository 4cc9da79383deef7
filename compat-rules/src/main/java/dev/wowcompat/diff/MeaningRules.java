package dev.wowcompat.diff;

import static dev.wowcompat.rules.Readers.BOTH;
import static dev.wowcompat.rules.Readers.NEW_READERS;
import static dev.wowcompat.rules.Readers.OLD_READERS;
import static dev.wowcompat.rules.Rule.MEANING_CHANGED;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.json.JsonPointers;
import dev.wowcompat.rules.ChangeKind;
import java.util.List;

/**
 * Meaning and defaults: the annotations that say what a value means (format, unit, meaning tag, content encoding),
 * {@code default}, where a {@code $ref} points, and the annotations a changelog names. Under the plain levels most
 * of these validate nothing; each method says how the two modes differ.
 */
public final class MeaningRules {
    /** Annotations whose change changes what a value means (ADDITIVE mode only: they do not validate). */
    private static final List<String> MEANING_KEYWORDS =
            List.of("format", "x-wow-unit", "x-wow-meaning", "contentEncoding", "contentMediaType");
    /** Keywords that only document a schema: a change to them is listed, never judged. */
    private static final List<String> DOCUMENTATION = List.of("title", "description", "examples", "$comment");

    private final Walker w;

    MeaningRules(Walker walker) {
        this.w = walker;
    }

    /**
     * The detector of {@code meaning-changed} (docs/rules.md): what a value means changed (an annotation here, a
     * {@code const} or a {@code multipleOf} in their families). Both readers are broken: each reads the other's values
     * with its own meaning.
     */
    static void changed(Walker w, String pointer, String message, String fix, Scope s) {
        w.emit(MEANING_CHANGED, null, pointer, BOTH, message, fix, s);
    }

    /**
     * ADDITIVE: format, unit, meaning tag and content encoding are the value's meaning. Plain levels: only what
     * validates counts, so format and the content keywords count where the schema's draft asserts them
     * ({@link Draft#asserts}) and are annotations elsewhere.
     */
    void compareMeaning(View o, View n, Scope s) {
        for (String k : MEANING_KEYWORDS) {
            JsonNode a = o.get(k);
            JsonNode b = n.get(k);
            if (JsonValues.same(a, b)) continue;
            String ptr = b != null ? n.at(k) : o.at(k);
            String msg = a == null ? s.what() + " added " + k + " " + JsonValues.show(b)
                    : b == null ? s.what() + " dropped " + k + " " + JsonValues.show(a)
                    : s.what() + " changed " + k + " from " + JsonValues.show(a) + " to " + JsonValues.show(b);
            if (!w.structural()) {
                changed(w, ptr, msg, Fixes.meaningChanged(s, k, a, b), s);
                continue;
            }
            boolean oldAsserts = a != null && o.doc.draft.asserts(k);
            boolean newAsserts = b != null && n.doc.draft.asserts(k);
            if (newAsserts) {
                Constraints.tightened(w, ptr, oldAsserts ? BOTH : NEW_READERS, msg + " (" + k
                        + " validates in this draft)", Fixes.tightened(s, k, a), s);
            } else if (oldAsserts) {
                Constraints.loosened(w, ptr, OLD_READERS, msg + " (" + k + " validated in the old schema's draft)",
                        Fixes.loosened(s, k, a), s);
            }
        }
    }

    /**
     * ADDITIVE: readers fill in the default for data that lacks the value, so changing or dropping it changes what
     * old data means. Adding one where there was none changes nothing for data that was valid before (a reader
     * without a default had to find the value present). Plain levels: an annotation.
     */
    void compareDefault(View o, View n, Scope s) {
        if (w.structural()) return;
        JsonNode a = o.get("default");
        JsonNode b = n.get("default");
        if (a == null && b != null) {
            w.note(ChangeKind.DEFAULT_ADDED, n.at("default"), s.what() + " now has the default " + JsonValues.show(b));
            return;
        }
        if (a == null || JsonValues.same(a, b)) return;
        String msg = b == null ? s.what() + " dropped its default " + JsonValues.show(a)
                : s.what() + " changed its default from " + JsonValues.show(a) + " to " + JsonValues.show(b);
        changed(w, b != null ? n.at("default") : o.at("default"), msg, Fixes.defaultChanged(s, a), s);
    }

    /** ADDITIVE: pointing a $ref at another definition changes what the value is, even if the shapes agree. */
    void compareRefTargets(View o, View n, Scope s) {
        if (w.structural() || o.refName == null || n.refName == null || o.refName.equals(n.refName)) return;
        changed(w, JsonPointers.child(n.site, "$ref"),
                s.what() + " now refers to '" + n.refName + "' instead of '" + o.refName + "'",
                Fixes.refChanged(s, o.refName, n.refName), s);
    }

    /**
     * The annotations no rule judges but a changelog names: deprecation, staging of a property
     * ({@code x-wow-written}) and documentation. The schemas' own keywords only, so a change is named where it is made.
     */
    void compareAnnotations(View o, View n, Scope s) {
        if (o.own == null || n.own == null) return;
        if (!JsonValues.isTrue(o.own.get("deprecated")) && JsonValues.isTrue(n.own.get("deprecated"))) {
            w.note(ChangeKind.DEPRECATED, n.at("deprecated"), s.what() + " is now deprecated");
        }
        boolean wasStaged = JsonValues.isFalse(o.own.get("x-wow-written"));
        boolean isStaged = JsonValues.isFalse(n.own.get("x-wow-written"));
        if (wasStaged && !isStaged) {
            w.note(ChangeKind.PROPERTY_NOW_WRITTEN, n.site, s.what() + " was staged (\"x-wow-written\": false) and is written now");
        } else if (!wasStaged && isStaged) {
            w.note(ChangeKind.PROPERTY_NO_LONGER_WRITTEN, n.at("x-wow-written"), s.what()
                    + " is no longer written (\"x-wow-written\": false): readers fall back to its default");
        }
        for (String kw : DOCUMENTATION) {
            JsonNode a = o.own.get(kw);
            JsonNode b = n.own.get(kw);
            if (JsonValues.same(a, b)) continue;
            String what = a == null ? "added" : b == null ? "removed" : "changed";
            w.note(ChangeKind.DOCUMENTATION_CHANGED, b != null ? n.at(kw) : o.at(kw), s.what() + ": " + kw + " " + what);
        }
    }
}
