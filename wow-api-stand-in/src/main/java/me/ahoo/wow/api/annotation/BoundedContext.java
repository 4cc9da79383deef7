package me.ahoo.wow.api.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Stand-in for Wow's bounded context declaration (same attribute names and defaults). */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
public @interface BoundedContext {
    String name();

    String alias() default "";

    String description() default "";

    /** Package names that belong to the context. */
    String[] scopes() default {};

    /** Classes whose packages belong to the context. */
    Class<?>[] packageScopes() default {};

    Aggregate[] aggregates() default {};

    /** One aggregate of the context. */
    @Documented
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface Aggregate {
        String name();

        String tenantId() default "";

        String id() default "";

        String[] scopes() default {};

        Class<?>[] packageScopes() default {};
    }
}
