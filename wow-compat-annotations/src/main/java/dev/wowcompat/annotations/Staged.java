package dev.wowcompat.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Read but not written yet: the staging step of read-before-write. This release understands the element,
 * but does not produce it; the next minor release may.
 *
 * <ul>
 *   <li>on a property (field, getter, record component) of an event, a state or a command:
 *       {@code "x-wow-written": false} on the property schema;</li>
 *   <li>on an event class: {@code "written": false} on that event's revision;</li>
 *   <li>on a command class: {@code "written": false} on the command.</li>
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT})
public @interface Staged {
}
