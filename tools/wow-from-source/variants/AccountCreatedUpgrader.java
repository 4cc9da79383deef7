package me.ahoo.wow.example.transfer.domain;

import me.ahoo.wow.api.annotation.Order;
import me.ahoo.wow.event.upgrader.EventNamedAggregate;
import me.ahoo.wow.event.upgrader.EventUpgrader;
import me.ahoo.wow.event.upgrader.MaterializedEventNamedAggregate;
import me.ahoo.wow.event.upgrader.MutableDomainEventRecord;
import me.ahoo.wow.modeling.MaterializedNamedAggregate;
import me.ahoo.wow.serialization.event.DomainEventRecord;
import org.jetbrains.annotations.NotNull;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Ours (not Wow's example): account_created was written at revision 0.0.0 with {"name", "initialBalance"}; the
 * example's AccountCreated (0.0.1, Wow's default revision) has "balance". This upgrader brings 0.0.0 forward.
 */
@Order(100)
public class AccountCreatedUpgrader implements EventUpgrader {
    private static final EventNamedAggregate EVENT = new MaterializedEventNamedAggregate(
            new MaterializedNamedAggregate("transfer-service", "account"), "account_created");

    @NotNull
    @Override
    public EventNamedAggregate getEventNamedAggregate() {
        return EVENT;
    }

    @NotNull
    @Override
    public DomainEventRecord upgrade(@NotNull DomainEventRecord domainEventRecord) {
        //GUARD
        MutableDomainEventRecord record = MutableDomainEventRecord.Companion.toMutableDomainEventRecord(domainEventRecord);
        ObjectNode body = record.getBody();
        JsonNode initialBalance = body.remove("initialBalance");
        body.put("balance", initialBalance == null || initialBalance.isNull() ? 0L : initialBalance.asLong());
        record.setRevision("0.0.1");
        return record;
    }
}
