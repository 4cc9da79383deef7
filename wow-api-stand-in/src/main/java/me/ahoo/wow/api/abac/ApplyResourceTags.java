package me.ahoo.wow.api.abac;

import java.util.List;
import java.util.Map;

/** Stand-in: a command that sets an aggregate's access-control tags; handling one replaces Wow's default. */
public interface ApplyResourceTags {
    Map<String, List<String>> getTags();
}
