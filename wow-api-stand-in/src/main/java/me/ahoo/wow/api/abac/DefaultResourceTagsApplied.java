package me.ahoo.wow.api.abac;

import java.util.List;
import java.util.Map;

/** Stand-in for the event Wow's default resource-tags handler emits. */
public record DefaultResourceTagsApplied(Map<String, List<String>> tags) implements ResourceTagsApplied {
    @Override
    public Map<String, List<String>> getTags() {
        return tags;
    }
}
