package dev.wowcompat.store;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one environment's wire holds, as {@code migrate} copies it: every row of each wire table (positions, records,
 * carried types, findings, watchers, the environment's span), each a list of its column values (text or whole
 * numbers) in the table's column order. An environment's wire is copied whole or not at all: its positions say which
 * records its counts hold, so neither makes sense without the other.
 *
 * @param rows per table name, its rows in key order
 */
public record ExportedWire(String environment, Map<String, List<List<Object>>> rows) {
    public ExportedWire {
        Map<String, List<List<Object>>> copy = new LinkedHashMap<>();
        rows.forEach((table, list) -> copy.put(table, list.stream().map(row -> java.util.Collections.unmodifiableList(
                new java.util.ArrayList<>(row))).toList()));
        rows = java.util.Collections.unmodifiableMap(copy);
    }

    /** The rows of every table together. */
    public int rowCount() {
        return rows.values().stream().mapToInt(List::size).sum();
    }
}
