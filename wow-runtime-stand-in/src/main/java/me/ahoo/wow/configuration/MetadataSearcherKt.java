package me.ahoo.wow.configuration;

import me.ahoo.wow.api.modeling.NamedAggregate;

/** Stand-in for the top-level functions of Wow's MetadataSearcher.kt. */
public final class MetadataSearcherKt {
    private MetadataSearcherKt() {
    }

    /** The aggregate's (command) class the metadata names, or null when none is named or it is not on the classpath. */
    public static <T> Class<T> aggregateType(NamedAggregate namedAggregate) {
        String name = MetadataSearcher.INSTANCE.aggregateTypeName(namedAggregate);
        if (name == null) {
            return null;
        }
        try {
            @SuppressWarnings("unchecked")
            Class<T> type = (Class<T>) Class.forName(name, true, Thread.currentThread().getContextClassLoader());
            return type;
        } catch (ClassNotFoundException e) {
            return null;
        }
    }
}
