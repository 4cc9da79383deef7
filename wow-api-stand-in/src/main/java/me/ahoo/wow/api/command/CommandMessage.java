package me.ahoo.wow.api.command;

import me.ahoo.wow.api.messaging.Message;

/** Stand-in for Wow's command message: a command handler taking one handles its body's command. */
public interface CommandMessage<C> extends Message<CommandMessage<C>, C> {
}
