package me.ahoo.wow.api.modeling;

/** Stand-in for Wow's named aggregate: a bounded context's name and the aggregate's name in it. */
public interface NamedAggregate {
    String getContextName();

    String getAggregateName();
}
