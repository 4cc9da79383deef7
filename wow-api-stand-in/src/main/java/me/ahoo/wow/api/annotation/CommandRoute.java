package me.ahoo.wow.api.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in for Wow's HTTP route of a command: its attributes, retention and targets are Wow's. */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface CommandRoute {
    String action() default "__{command_name}__";

    boolean enabled() default true;

    Method method() default Method.DEFAULT;

    String prefix() default "";

    AppendPath appendIdPath() default AppendPath.DEFAULT;

    AppendPath appendTenantPath() default AppendPath.DEFAULT;

    AppendPath appendOwnerPath() default AppendPath.DEFAULT;

    /** HTTP method of the route. */
    enum Method { POST, PUT, DELETE, PATCH, DEFAULT }

    /** Whether a path segment is added to the route. */
    enum AppendPath { ALWAYS, NEVER, DEFAULT }

    /** A command property taken from the route's path. */
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.FIELD, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Repeatable(PathVariables.class)
    @interface PathVariable {
        String name() default "";

        String[] nestedPath() default {};

        boolean required() default true;
    }

    /** The container of repeated {@link PathVariable}s. */
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.FIELD, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @interface PathVariables {
        PathVariable[] value();
    }
}
