package dev.wowcompat.audit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wowcompat.manifest.Manifest;
import dev.wowcompat.wire.RegisteredSchemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The registered schemas as the wire validator (the code of {@code POST /validate}) sees them for one record: the
 * schema of the release that ran when the record was written when there is one (with {@code --environment}),
 * else of the newest release declaring the type, as {@code POST /validate} takes it.
 */
final class ReleaseSchemas implements RegisteredSchemas {
    private final Catalog catalog;
    private final List<Catalog.Declared> declared;
    private final Catalog.Declared then;
    private final List<Catalog.Declared> preferred;

    /**
     * @param declared the releases declaring the record's aggregate, oldest first
     * @param then the release that ran when the record was written, or null
     */
    ReleaseSchemas(Catalog catalog, List<Catalog.Declared> declared, Catalog.Declared then) {
        this.catalog = catalog;
        this.declared = declared;
        this.then = then;
        List<Catalog.Declared> order = new ArrayList<>(declared.size() + 1);
        if (then != null) order.add(then);
        for (int i = declared.size() - 1; i >= 0; i--) order.add(declared.get(i));
        this.preferred = order;
    }

    @Override
    public Optional<String> eventRevision(String eventType, int revision) {
        String name = eventType.substring(eventType.lastIndexOf('.') + 1);
        for (Catalog.Declared d : preferred) {
            if (!d.aggregate().typeName().equals(Catalog.aggregateOf(eventType))) continue;
            Manifest.Event e = d.aggregate().events().get(name);
            Manifest.Revision r = e == null ? null : e.revisions().get(revision);
            if (r != null) return Optional.of(r.schema().fingerprint());
        }
        return Optional.empty();
    }

    @Override
    public Optional<String> command(String commandType) {
        String name = commandType.substring(commandType.lastIndexOf('.') + 1);
        for (Catalog.Declared d : preferred) {
            if (!d.aggregate().typeName().equals(Catalog.aggregateOf(commandType))) continue;
            Manifest.Command c = d.aggregate().commands().get(name);
            if (c != null) return Optional.of(c.schema().fingerprint());
        }
        return Optional.empty();
    }

    @Override
    public Optional<JsonNode> schema(String fingerprint) {
        return catalog.schema(fingerprint);
    }

    @Override
    public List<StateUse> stateUses(String fingerprint) {
        List<StateUse> out = new ArrayList<>();
        for (Catalog.Declared d : declared) {
            d.aggregate().state().filter(s -> s.schema().fingerprint().equals(fingerprint)).ifPresent(s -> out.add(
                    new StateUse(d.aggregate().typeName(), d.release().service(), d.release().version().toString(), fingerprint)));
        }
        return out;
    }

    @Override
    public Optional<StateUse> currentState(String aggregate) {
        for (Catalog.Declared d : preferred) {
            if (d.aggregate().state().isPresent()) {
                return Optional.of(new StateUse(aggregate, d.release().service(), d.release().version().toString(),
                        d.aggregate().state().get().schema().fingerprint()));
            }
        }
        return Optional.empty();
    }
}
