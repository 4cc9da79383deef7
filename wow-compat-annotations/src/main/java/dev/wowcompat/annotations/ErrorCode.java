package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An error code clients may match on that no Wow {@code ErrorInfo} implementation or {@code *ErrorCodes}
 * constant declares. On an aggregate class it belongs to that aggregate; on any other class, to the
 * aggregate(s) whose package is closest to the class's package.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ErrorCode.List.class)
public @interface ErrorCode {
    /** The code as clients see it, e.g. {@code "insufficient-balance"}. */
    String value();

    /** What the error means, for people; optional. */
    String description() default "";

    /** The container that makes {@link ErrorCode} repeatable. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        ErrorCode[] value();
    }
}
