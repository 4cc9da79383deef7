package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A short tag for what a property means ({@code "gross-amount"}, {@code "utc-instant"}): the property
 * schema's {@code x-wow-meaning}. Changing it later is a breaking meaning change.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Meaning {
    String value();
}
