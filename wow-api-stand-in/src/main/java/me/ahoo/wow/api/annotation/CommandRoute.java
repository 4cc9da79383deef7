package me.ahoo.wow.api.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in for Wow's HTTP route of a command (only the attributes the generator may look at). */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface CommandRoute {
    String action() default "__{command_name}__";

    boolean enabled() default true;

    Method method() default Method.DEFAULT;

    String prefix() default "";

    /** HTTP method of the route. */
    enum Method { POST, PUT, DELETE, PATCH, DEFAULT }
}
