package dev.wowcompat.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The revision numbers the previous release gave, by context, aggregate, event and label, so that numbers never
 * change across releases.
 */
final class PreviousRelease {
    private final Map<String, Model.PreviousNumbers> events = new HashMap<>();
    /** Numbers of revisions written without a label (a hand-written Manifest), by event. */
    private final Map<String, List<Integer>> unlabelled = new HashMap<>();

    static PreviousRelease none() {
        return new PreviousRelease();
    }

    static PreviousRelease read(byte[] manifest, ObjectMapper mapper) throws IOException {
        PreviousRelease previous = new PreviousRelease();
        JsonNode root = mapper.readTree(manifest);
        for (Iterator<Map.Entry<String, JsonNode>> c = root.path("contexts").fields(); c.hasNext(); ) {
            Map.Entry<String, JsonNode> context = c.next();
            for (Iterator<Map.Entry<String, JsonNode>> a = context.getValue().path("aggregates").fields(); a.hasNext(); ) {
                Map.Entry<String, JsonNode> aggregate = a.next();
                for (Iterator<Map.Entry<String, JsonNode>> e = aggregate.getValue().path("events").fields(); e.hasNext(); ) {
                    Map.Entry<String, JsonNode> event = e.next();
                    previous.readEvent(key(context.getKey(), aggregate.getKey(), event.getKey()), event.getValue().path("revisions"));
                }
            }
        }
        return previous;
    }

    private void readEvent(String key, JsonNode revisions) {
        Map<String, Integer> byLabel = new HashMap<>();
        List<Integer> withoutLabel = new ArrayList<>();
        int highest = 0;
        for (Iterator<Map.Entry<String, JsonNode>> r = revisions.fields(); r.hasNext(); ) {
            Map.Entry<String, JsonNode> revision = r.next();
            int number;
            try {
                number = Integer.parseInt(revision.getKey());
            } catch (NumberFormatException ex) {
                continue;
            }
            highest = Math.max(highest, number);
            JsonNode label = revision.getValue().get("label");
            if (label != null && label.isTextual() && Revisions.isLabel(label.asText())) {
                byLabel.put(label.asText(), number);
            } else {
                withoutLabel.add(number);
            }
        }
        withoutLabel.sort(Integer::compare);
        events.put(key, new Model.PreviousNumbers(byLabel, highest));
        unlabelled.put(key, withoutLabel);
    }

    /**
     * The numbers released for this event. A previous Manifest that numbered the event's revisions without labels
     * (written by hand) gives its numbers to the labels in version order.
     */
    Model.PreviousNumbers of(String context, String aggregate, String event, List<String> labelsInOrder) {
        String key = key(context, aggregate, event);
        Model.PreviousNumbers known = events.getOrDefault(key, new Model.PreviousNumbers(Map.of(), 0));
        List<Integer> numbers = unlabelled.getOrDefault(key, List.of());
        if (known.byLabel().isEmpty() && !numbers.isEmpty()) {
            Map<String, Integer> byLabel = new HashMap<>();
            for (int i = 0; i < Math.min(numbers.size(), labelsInOrder.size()); i++) {
                byLabel.put(labelsInOrder.get(i), numbers.get(i));
            }
            return new Model.PreviousNumbers(byLabel, known.highest());
        }
        return known;
    }

    private static String key(String context, String aggregate, String event) {
        return context + "\u0000" + aggregate + "\u0000" + event;
    }
}
