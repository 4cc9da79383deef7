package me.ahoo.wow.event.upgrader;

import me.ahoo.wow.api.modeling.NamedAggregate;

/** Stand-in for Wow's event of a named aggregate: what an upgrader upgrades. */
public interface EventNamedAggregate extends NamedAggregate {
    String getName();
}
