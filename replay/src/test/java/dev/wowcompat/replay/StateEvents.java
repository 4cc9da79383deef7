package dev.wowcompat.replay;

import java.util.List;

/**
 * State event records of the bank fixture in the shape Wow writes them on a {@code *.state} topic (the stream's
 * members, the events in {@code body}, the state the writer computed after them), written out by hand.
 */
public final class StateEvents {
    private StateEvents() {
    }

    public static String opened(String owner) {
        return event("account_opened", "1.0.0", "fixture.bank.AccountOpened", "{\"owner\":\"" + owner + "\"}");
    }

    public static String depositedV1(String amount) {
        return event("money_deposited", "1.0.0", "fixture.bank.MoneyDeposited", "{\"amount\":" + amount + "}");
    }

    public static String deposited(String amount, String currency) {
        return event("money_deposited", "2.0.0", "fixture.bank.MoneyDeposited",
                "{\"amount\":" + amount + ",\"currency\":\"" + currency + "\"}");
    }

    public static String event(String name, String revision, String bodyType, String body) {
        return "{\"id\":\"e-" + name + "\",\"name\":\"" + name + "\",\"revision\":\"" + revision + "\",\"bodyType\":\""
                + bodyType + "\",\"body\":" + body + "}";
    }

    /** One state event of account {@code id} at {@code version}: its events and the state recorded after them. */
    public static String record(String id, int version, String state, String... events) {
        return "{\"id\":\"s-" + id + "-" + version + "\",\"contextName\":\"bank\",\"aggregateName\":\"account\","
                + "\"header\":{},\"aggregateId\":\"" + id + "\",\"tenantId\":\"(0)\",\"ownerId\":\"\",\"spaceId\":\"\","
                + "\"commandId\":\"c-" + version + "\",\"requestId\":\"r-" + version + "\",\"version\":" + version
                + ",\"firstOperator\":\"\",\"firstEventTime\":0,\"state\":" + state + ",\"tags\":{},\"deleted\":false,"
                + "\"body\":[" + String.join(",", List.of(events)) + "],\"createTime\":1700000000000}";
    }

    /** The records as {@code kcat -C -J} prints them from a topic's partition 0, offsets from 0, keyed by the aggregate id. */
    public static String kcatLines(String topic, String aggregateId, List<String> records) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < records.size(); i++) {
            String payload = records.get(i).replace("\\", "\\\\").replace("\"", "\\\"");
            lines.append("{\"topic\":\"").append(topic).append("\",\"partition\":0,\"offset\":").append(i)
                    .append(",\"key\":\"").append(aggregateId).append("\",\"payload\":\"").append(payload).append("\"}\n");
        }
        return lines.toString();
    }
}
