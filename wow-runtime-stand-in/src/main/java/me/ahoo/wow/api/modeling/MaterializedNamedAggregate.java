package me.ahoo.wow.api.modeling;

import java.util.Objects;

/** Stand-in for Wow's value of a named aggregate, equal by context and aggregate name. */
public class MaterializedNamedAggregate implements NamedAggregate {
    private final String contextName;
    private final String aggregateName;

    public MaterializedNamedAggregate(String contextName, String aggregateName) {
        this.contextName = contextName;
        this.aggregateName = aggregateName;
    }

    @Override
    public String getContextName() {
        return contextName;
    }

    @Override
    public String getAggregateName() {
        return aggregateName;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MaterializedNamedAggregate that
                && contextName.equals(that.contextName) && aggregateName.equals(that.aggregateName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(contextName, aggregateName);
    }

    @Override
    public String toString() {
        return contextName + "." + aggregateName;
    }
}
