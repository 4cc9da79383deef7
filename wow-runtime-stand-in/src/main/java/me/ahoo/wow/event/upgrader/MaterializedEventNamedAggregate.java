package me.ahoo.wow.event.upgrader;

import me.ahoo.wow.api.modeling.NamedAggregate;

/** Stand-in for Wow's value of an event of a named aggregate, equal by context, aggregate and event name. */
public record MaterializedEventNamedAggregate(NamedAggregate namedAggregate, String name) implements EventNamedAggregate {
    @Override
    public String getContextName() {
        return namedAggregate.getContextName();
    }

    @Override
    public String getAggregateName() {
        return namedAggregate.getAggregateName();
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EventNamedAggregate that && getContextName().equals(that.getContextName())
                && getAggregateName().equals(that.getAggregateName()) && name.equals(that.getName());
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(getContextName(), getAggregateName(), name);
    }
}
