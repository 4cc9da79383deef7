package me.ahoo.wow.event.upgrader;

import me.ahoo.wow.serialization.event.DomainEventRecord;

/** Stand-in for Wow's upgrader of one event's stored records, registered through {@code META-INF/services}. */
public interface EventUpgrader {
    EventNamedAggregate getEventNamedAggregate();

    DomainEventRecord upgrade(DomainEventRecord domainEventRecord);
}
