package me.ahoo.wow.serialization.event;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import me.ahoo.wow.api.event.DomainEvent;
import me.ahoo.wow.api.modeling.MaterializedNamedAggregate;
import me.ahoo.wow.api.modeling.SimpleAggregateId;
import me.ahoo.wow.event.SimpleDomainEventStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Stand-in for Wow's record of an event stream (a state event is one, plus its state): each element of {@code body}
 * is read as an event record carrying the stream's aggregate, version and command, its sequence from 1, and made a
 * domain event through the upgrader chain.
 */
public interface EventStreamRecord {
    ObjectNode getActual();

    default SimpleDomainEventStream toDomainEventStream() {
        ObjectNode stream = getActual();
        SimpleAggregateId aggregateId = new SimpleAggregateId(
                new MaterializedNamedAggregate(stream.path("contextName").asText(), stream.path("aggregateName").asText()),
                stream.path("aggregateId").asText(), stream.path("tenantId").asText());
        int version = stream.path("version").asInt();
        JsonNode body = stream.path("body");
        List<DomainEvent<?>> events = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) {
            ObjectNode event = ((ObjectNode) body.get(i)).deepCopy();
            for (String field : new String[] {"contextName", "aggregateName", "aggregateId", "tenantId", "commandId",
                    "ownerId", "createTime"}) {
                if (stream.has(field)) {
                    event.set(field, stream.get(field));
                }
            }
            event.put("version", version);
            event.put("sequence", i + 1);
            event.put("isLast", i + 1 == body.size());
            events.add(new DelegatingDomainEventRecord(event).toDomainEvent());
        }
        return new SimpleDomainEventStream(stream.path("id").asText(), aggregateId, version, List.copyOf(events));
    }
}
