package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On an event class with a Wow {@code @Event(revision = ...)}: the revision label (e.g. {@code "0.0.1"}) this
 * revision upgrades from. Readers upgrade facts of that revision to this one. Becomes the revision's
 * {@code upgradesFrom} (as the number the label is mapped to).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface UpgradesFrom {
    String value();
}
