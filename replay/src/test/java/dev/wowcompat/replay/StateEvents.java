package dev.wowcompat.replay;

import java.util.List;

/**
 * State event records of the bank fixture in the shape Wow writes them on a {@code *.state} topic (the stream's
 * members, the events in {@code body}, the state the writer computed after them), written out by hand.
 */
final class StateEvents {
    private StateEvents() {
    }

    static String opened(String owner) {
        return event("account_opened", "1.0.0", "fixture.bank.AccountOpened", "{\"owner\":\"" + owner + "\"}");
    }

    static String depositedV1(String amount) {
        return event("money_deposited", "1.0.0", "fixture.bank.MoneyDeposited", "{\"amount\":" + amount + "}");
    }

    static String deposited(String amount, String currency) {
        return event("money_deposited", "2.0.0", "fixture.bank.MoneyDeposited",
                "{\"amount\":" + amount + ",\"currency\":\"" + currency + "\"}");
    }

    static String event(String name, String revision, String bodyType, String body) {
        return "{\"id\":\"e-" + name + "\",\"name\":\"" + name + "\",\"revision\":\"" + revision + "\",\"bodyType\":\""
                + bodyType + "\",\"body\":" + body + "}";
    }

    /** One state event of account {@code id} at {@code version}: its events and the state recorded after them. */
    static String record(String id, int version, String state, String... events) {
        return "{\"id\":\"s-" + id + "-" + version + "\",\"contextName\":\"bank\",\"aggregateName\":\"account\","
                + "\"header\":{},\"aggregateId\":\"" + id + "\",\"tenantId\":\"(0)\",\"ownerId\":\"\",\"spaceId\":\"\","
                + "\"commandId\":\"c-" + version + "\",\"requestId\":\"r-" + version + "\",\"version\":" + version
                + ",\"firstOperator\":\"\",\"firstEventTime\":0,\"state\":" + state + ",\"tags\":{},\"deleted\":false,"
                + "\"body\":[" + String.join(",", List.of(events)) + "],\"createTime\":1700000000000}";
    }
}
