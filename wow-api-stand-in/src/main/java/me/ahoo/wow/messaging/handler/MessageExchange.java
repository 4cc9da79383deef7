package me.ahoo.wow.messaging.handler;

import me.ahoo.wow.api.messaging.Message;

/** Stand-in for wow-core's message exchange: a message on its way through the handlers. */
public interface MessageExchange<S extends MessageExchange<S, M>, M extends Message<?, ?>> {
    M getMessage();
}
