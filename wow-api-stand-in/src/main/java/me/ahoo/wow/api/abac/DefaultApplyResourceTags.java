package me.ahoo.wow.api.abac;

import me.ahoo.wow.api.annotation.CommandRoute;

import java.util.List;
import java.util.Map;

/** Stand-in for the command Wow routes to every aggregate that handles no {@link ApplyResourceTags} itself. */
@CommandRoute(action = "tags", method = CommandRoute.Method.PUT, appendIdPath = CommandRoute.AppendPath.ALWAYS)
public record DefaultApplyResourceTags(Map<String, List<String>> tags) implements ApplyResourceTags {
    @Override
    public Map<String, List<String>> getTags() {
        return tags;
    }
}
