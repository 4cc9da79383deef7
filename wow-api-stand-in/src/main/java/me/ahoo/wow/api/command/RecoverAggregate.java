package me.ahoo.wow.api.command;

/** Stand-in: a command that recovers a deleted aggregate; an aggregate handling one replaces Wow's default. */
public interface RecoverAggregate {
}
