package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a command handler whose return type does not name its events (it returns {@code Object}, {@code Any},
 * {@code Mono<Object>} ...): the event classes it returns. Without it the generator warns, naming the handler.
 * Wow's own {@code @OnCommand(returns = ...)} says the same and is read as well.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Emits {
    Class<?>[] value();
}
