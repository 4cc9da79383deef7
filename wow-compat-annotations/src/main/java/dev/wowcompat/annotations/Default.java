package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value a reader assumes when the property is absent: the property schema's {@code default}.
 *
 * <p>For a string property the value is taken as the string itself ({@code @Default("EUR")}); for any other
 * property it is JSON text ({@code @Default("0")}, {@code @Default("false")}, {@code @Default("[]")}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Default {
    String value();
}
