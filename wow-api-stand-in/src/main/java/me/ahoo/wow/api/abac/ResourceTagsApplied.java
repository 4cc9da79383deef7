package me.ahoo.wow.api.abac;

import java.util.List;
import java.util.Map;

/** Stand-in: the event of applied access-control tags. */
public interface ResourceTagsApplied {
    Map<String, List<String>> getTags();
}
