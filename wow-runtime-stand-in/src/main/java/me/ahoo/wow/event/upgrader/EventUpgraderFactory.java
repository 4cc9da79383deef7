package me.ahoo.wow.event.upgrader;

import me.ahoo.wow.api.annotation.Order;
import me.ahoo.wow.serialization.event.DomainEventRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stand-in for Wow's registry of upgraders: those {@code META-INF/services} lists, loaded once, grouped by event and
 * sorted by {@link Order}; every upgrader of an event is applied, in that order, to each record of it.
 */
public final class EventUpgraderFactory {
    public static final EventUpgraderFactory INSTANCE = new EventUpgraderFactory();

    private final Map<EventNamedAggregate, List<EventUpgrader>> upgraders = new ConcurrentHashMap<>();

    private EventUpgraderFactory() {
        ServiceLoader.load(EventUpgrader.class, Thread.currentThread().getContextClassLoader()).forEach(this::register);
    }

    public void register(EventUpgrader upgrader) {
        EventNamedAggregate key = new MaterializedEventNamedAggregate(upgrader.getEventNamedAggregate(),
                upgrader.getEventNamedAggregate().getName());
        upgraders.compute(key, (k, current) -> {
            List<EventUpgrader> next = new ArrayList<>(current == null ? List.of() : current);
            next.add(upgrader);
            next.sort(Comparator.comparingInt(EventUpgraderFactory::order));
            return List.copyOf(next);
        });
    }

    public List<EventUpgrader> get(EventNamedAggregate eventNamedAggregate) {
        return upgraders.getOrDefault(new MaterializedEventNamedAggregate(eventNamedAggregate,
                eventNamedAggregate.getName()), List.of());
    }

    public DomainEventRecord upgrade(DomainEventRecord record) {
        List<EventUpgrader> chain = get(new MaterializedEventNamedAggregate(record.toAggregateId(), record.getName()));
        if (chain.isEmpty()) {
            return record;
        }
        MutableDomainEventRecord mutable = MutableDomainEventRecord.toMutableDomainEventRecord(record);
        for (EventUpgrader upgrader : chain) {
            mutable = MutableDomainEventRecord.toMutableDomainEventRecord(upgrader.upgrade(mutable));
        }
        return mutable;
    }

    private static int order(EventUpgrader upgrader) {
        Order order = upgrader.getClass().getAnnotation(Order.class);
        return order == null ? 0 : order.value();
    }
}
