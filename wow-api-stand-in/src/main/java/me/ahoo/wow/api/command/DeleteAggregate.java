package me.ahoo.wow.api.command;

/** Stand-in: a command that deletes its aggregate; an aggregate handling one replaces Wow's default. */
public interface DeleteAggregate {
}
