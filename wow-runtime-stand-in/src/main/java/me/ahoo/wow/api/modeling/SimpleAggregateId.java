package me.ahoo.wow.api.modeling;

import java.util.Objects;

/** Stand-in for Wow's aggregate id: the named aggregate, the id and the tenant, equal by all four. */
public class SimpleAggregateId implements AggregateId, NamedAggregate {
    private final NamedAggregate namedAggregate;
    private final String id;
    private final String tenantId;

    public SimpleAggregateId(NamedAggregate namedAggregate, String id, String tenantId) {
        this.namedAggregate = new MaterializedNamedAggregate(namedAggregate.getContextName(), namedAggregate.getAggregateName());
        this.id = id;
        this.tenantId = tenantId;
    }

    public NamedAggregate getNamedAggregate() {
        return namedAggregate;
    }

    @Override
    public String getContextName() {
        return namedAggregate.getContextName();
    }

    @Override
    public String getAggregateName() {
        return namedAggregate.getAggregateName();
    }

    @Override
    public String getId() {
        return id;
    }

    public String getTenantId() {
        return tenantId;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SimpleAggregateId that && namedAggregate.equals(that.namedAggregate)
                && id.equals(that.id) && tenantId.equals(that.tenantId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(namedAggregate, id, tenantId);
    }

    @Override
    public String toString() {
        return namedAggregate + "/" + id + "@" + tenantId;
    }
}
