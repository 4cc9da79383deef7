package dev.wowcompat.generator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Numbers an event's revisions. Wow labels a revision with a version-like string ({@code @Event(revision =
 * "0.0.1")}, the default); the Manifest numbers them from 1 in version order. A number, once released, is kept:
 * labels the previous release numbered keep their numbers, new labels are numbered after the highest, and a new
 * label that sorts before an existing one is refused (it would have to renumber a released revision).
 */
final class Revisions {
    static final String DEFAULT_LABEL = "0.0.1";
    private static final Pattern LABEL = Pattern.compile("[0-9]{1,9}(\\.[0-9]{1,9})*");

    private final GenerationProblems problems;

    Revisions(GenerationProblems problems) {
        this.problems = problems;
    }

    /** The revisions of one event, by number, or empty when its classes disagree (problems say why). */
    List<Model.Revision> number(String event, List<Class<?>> classes,
                                Function<List<String>, Model.PreviousNumbers> released) {
        record Labelled(Class<?> type, String label, Optional<String> upgradesFrom, boolean written) {
        }
        List<Labelled> labelled = new ArrayList<>();
        Map<String, Class<?>> byKey = new HashMap<>();
        boolean ok = true;
        for (Class<?> type : classes) {
            String owner = type.getName();
            try {
                String label = ByName.find(type, ByName.EVENT).map(a -> ByName.string(a, "revision", owner)).orElse(DEFAULT_LABEL);
                if (label.isBlank()) {
                    label = DEFAULT_LABEL;
                }
                if (!isLabel(label)) {
                    // Wow takes any string as a revision; the Manifest numbers versions only: leave this class out.
                    problems.warn(owner + ": its @Event revision '" + label + "' is not a version (numbers joined by "
                            + "dots, e.g. \"0.0.1\" or \"1.2\"), so this revision of event '" + event
                            + "' is left out of the Manifest.");
                    continue;
                }
                Optional<String> upgrades = ByName.find(type, ByName.UPGRADES_FROM).map(a -> ByName.string(a, "value", owner));
                if (upgrades.isPresent() && !isLabel(upgrades.get())) {
                    problems.problem(owner + ": its @UpgradesFrom(\"" + upgrades.get() + "\") is not a revision label (numbers joined by dots).");
                    ok = false;
                    continue;
                }
                Class<?> other = byKey.putIfAbsent(key(label), type);
                if (other != null) {
                    problems.problem(owner + ": claims event '" + event + "' revision " + label + ", which "
                            + other.getName() + " claims too.");
                    ok = false;
                    continue;
                }
                labelled.add(new Labelled(type, label, upgrades, !ByName.has(type, ByName.STAGED)));
            } catch (WrongAnnotationValue e) {
                problems.problem(e.getMessage());
                ok = false;
            }
        }
        if (!ok) {
            return List.of();
        }
        labelled.sort(Comparator.comparing(l -> l.label(), Revisions::compare));
        Model.PreviousNumbers previous = released.apply(labelled.stream().map(Labelled::label).toList());
        Map<String, Integer> numbers = new HashMap<>();
        int next = previous.highest() + 1;
        for (Labelled l : labelled) {
            Integer known = previous.number(l.label());
            if (known != null) {
                numbers.put(key(l.label()), known);
            }
        }
        for (Labelled l : labelled) {
            if (numbers.containsKey(key(l.label()))) {
                continue;
            }
            String blocking = highestLabelAbove(previous, l.label());
            if (blocking != null) {
                problems.problem(l.type().getName() + ": its revision label " + l.label() + " of event '" + event
                        + "' sorts before revision " + blocking + ", released as number " + previous.number(blocking)
                        + "; released revision numbers never change, so give the new revision a label after " + blocking + ".");
                ok = false;
                continue;
            }
            numbers.put(key(l.label()), next++);
        }
        if (!ok) {
            return List.of();
        }
        List<Model.Revision> revisions = new ArrayList<>();
        for (Labelled l : labelled) {
            Integer upgradesFrom = null;
            if (l.upgradesFrom().isPresent()) {
                upgradesFrom = numbers.get(key(l.upgradesFrom().get()));
                if (upgradesFrom == null) {
                    upgradesFrom = previous.number(l.upgradesFrom().get());
                }
                if (upgradesFrom == null) {
                    problems.problem(l.type().getName() + ": @UpgradesFrom(\"" + l.upgradesFrom().get() + "\") names no revision of event '"
                            + event + "' (its revisions: " + labelled.stream().map(Labelled::label).toList() + ").");
                    continue;
                }
            }
            revisions.add(new Model.Revision(l.type(), l.label(), numbers.get(key(l.label())), upgradesFrom, l.written()));
        }
        revisions.sort(Comparator.comparingInt(Model.Revision::number));
        return revisions;
    }

    private static String highestLabelAbove(Model.PreviousNumbers previous, String label) {
        String found = null;
        for (String known : previous.byLabel().keySet()) {
            if (compare(known, label) > 0 && (found == null || compare(known, found) > 0)) {
                found = known;
            }
        }
        return found;
    }

    /** The label without trailing ".0" parts, so that "1.2" and "1.2.0" are one revision. */
    static String key(String label) {
        String k = label;
        while (k.endsWith(".0")) {
            k = k.substring(0, k.length() - 2);
        }
        return k;
    }

    static boolean isLabel(String label) {
        return LABEL.matcher(label).matches();
    }

    static int compare(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            long p = i < x.length ? Long.parseLong(x[i]) : 0;
            long q = i < y.length ? Long.parseLong(y[i]) : 0;
            if (p != q) {
                return Long.compare(p, q);
            }
        }
        return 0;
    }
}
