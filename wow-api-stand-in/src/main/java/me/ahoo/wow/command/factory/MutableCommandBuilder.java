package me.ahoo.wow.command.factory;

/** Stand-in for wow-core's own command builder. */
public final class MutableCommandBuilder implements CommandBuilder {
    private final Object body;
    private String aggregateId;

    public MutableCommandBuilder(Object body) {
        this.body = body;
    }

    @Override
    public Object getBody() {
        return body;
    }

    @Override
    public CommandBuilder aggregateId(String aggregateId) {
        this.aggregateId = aggregateId;
        return this;
    }

    public String getAggregateId() {
        return aggregateId;
    }
}
