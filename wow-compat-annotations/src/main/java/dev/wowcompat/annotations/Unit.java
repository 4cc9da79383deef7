package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The unit a number or amount is expressed in ({@code "ms"}, {@code "s"}, {@code "EUR"}): the property
 * schema's {@code x-wow-unit}. Changing it later is a breaking meaning change.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Unit {
    String value();
}
