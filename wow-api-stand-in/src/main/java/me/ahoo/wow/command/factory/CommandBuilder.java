package me.ahoo.wow.command.factory;

/**
 * Stand-in for wow-core's command builder: a command body with what Wow sends along with it. A saga may return one
 * (Wow sends its body); Kotlin reaches {@code builder} as {@code CommandBuilder.builder(body)}, as with Wow's
 * companion object.
 */
public interface CommandBuilder {
    Object getBody();

    CommandBuilder aggregateId(String aggregateId);

    static CommandBuilder builder(Object body) {
        return new MutableCommandBuilder(body);
    }
}
