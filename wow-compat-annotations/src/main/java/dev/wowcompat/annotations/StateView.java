package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On an aggregate's state class (or the aggregate class when it is its own state): the state is only a view,
 * rebuilt from the events, and no reader outside the service depends on its shape. The Manifest says
 * {@code "published": false} and a change to the state is reported as information only. Without this
 * annotation the state is published.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface StateView {
}
