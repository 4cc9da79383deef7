package dev.wowcompat.replay.runner;

import java.lang.reflect.Method;

/**
 * A method {@link WowRuntime#invoke} found, with its parameter classes, which {@link Method#getParameterTypes} copies on
 * every call. A class of its own, not a nested one: the runner's jar lists its classes by name.
 */
record FoundMethod(Method method, Class<?>[] parameters) {
}
