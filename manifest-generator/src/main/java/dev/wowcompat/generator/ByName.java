package dev.wowcompat.generator;

import java.lang.annotation.Annotation;
import java.lang.annotation.AnnotationTypeMismatchException;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

/**
 * Reads annotations, and recognises Wow's types, by fully qualified name, so the generator needs neither Wow nor our
 * annotations artifact at compile time, and reads whichever copy the service's own classpath brings.
 */
final class ByName {
    static final String WOW = "me.ahoo.wow.api.annotation.";
    static final String BOUNDED_CONTEXT = WOW + "BoundedContext";
    static final String AGGREGATE_ROOT = WOW + "AggregateRoot";
    static final String NAME = WOW + "Name";
    static final String ON_COMMAND = WOW + "OnCommand";
    static final String ON_SOURCING = WOW + "OnSourcing";
    static final String EVENT = WOW + "Event";
    static final String COMMAND_ROUTE = WOW + "CommandRoute";
    static final String STATELESS_SAGA = WOW + "StatelessSaga";
    static final String PROJECTION_PROCESSOR = WOW + "ProjectionProcessor";
    static final String EVENT_PROCESSOR = WOW + "EventProcessor";
    static final String ON_EVENT = WOW + "OnEvent";
    static final String ON_STATE_EVENT = WOW + "OnStateEvent";
    static final String ERROR_INFO = "me.ahoo.wow.api.exception.ErrorInfo";

    static final String OURS = "dev.wowcompat.annotations.";
    static final String DEFAULT = OURS + "Default";
    static final String UNIT = OURS + "Unit";
    static final String MEANING = OURS + "Meaning";
    static final String STAGED = OURS + "Staged";
    static final String UPGRADES_FROM = OURS + "UpgradesFrom";
    static final String STATE_VIEW = OURS + "StateView";
    static final String EMITS = OURS + "Emits";
    static final String ERROR_CODE = OURS + "ErrorCode";
    static final String ERROR_CODE_LIST = OURS + "ErrorCode$List";

    private ByName() {
    }

    static Optional<Annotation> find(AnnotatedElement element, String name) {
        for (Annotation a : element.getAnnotations()) {
            if (a.annotationType().getName().equals(name)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** True when the element itself carries the annotation, not by inheritance. */
    static boolean declares(AnnotatedElement element, String name) {
        for (Annotation a : element.getDeclaredAnnotations()) {
            if (a.annotationType().getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    static boolean has(AnnotatedElement element, String name) {
        return find(element, name).isPresent();
    }

    /** True when the element carries an annotation with this simple name, from any package (Nullable, NotNull ...). */
    static boolean hasSimpleName(AnnotatedElement element, List<String> simpleNames) {
        for (Annotation a : element.getAnnotations()) {
            if (simpleNames.contains(a.annotationType().getSimpleName())) {
                return true;
            }
        }
        return false;
    }

    /** True when the type is the class or interface of this name, or extends or implements it. */
    static boolean isA(Class<?> type, String className) {
        if (type == null) {
            return false;
        }
        if (type.getName().equals(className)) {
            return true;
        }
        for (Class<?> i : type.getInterfaces()) {
            if (isA(i, className)) {
                return true;
            }
        }
        return isA(type.getSuperclass(), className);
    }

    static String string(Annotation a, String attribute, String owner) {
        return typed(a, attribute, owner, String.class, "a string");
    }

    static Class<?>[] classes(Annotation a, String attribute, String owner) {
        return typed(a, attribute, owner, Class[].class, "an array of classes");
    }

    static Annotation[] annotations(Annotation a, String attribute, String owner) {
        return typed(a, attribute, owner, Annotation[].class, "an array of annotations");
    }

    static String[] strings(Annotation a, String attribute, String owner) {
        return typed(a, attribute, owner, String[].class, "an array of strings");
    }

    static String label(Annotation a) {
        return "@" + a.annotationType().getSimpleName();
    }

    private static <T> T typed(Annotation a, String attribute, String owner, Class<T> type, String expected) {
        Object value;
        try {
            Method m = a.annotationType().getMethod(attribute);
            value = m.invoke(a);
        } catch (NoSuchMethodException e) {
            throw new WrongAnnotationValue(owner + ": its " + label(a) + " has no attribute '" + attribute
                    + "' (expected " + expected + "); is the annotation class on the classpath the one the class was compiled against?");
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof AnnotationTypeMismatchException mismatch) {
                throw new WrongAnnotationValue(owner + ": " + label(a) + "(" + attribute + ") must be " + expected
                        + ", but the class was compiled with " + mismatch.foundType()
                        + " (against another version of the annotation).");
            }
            throw new WrongAnnotationValue(owner + ": the value of " + label(a) + "(" + attribute + ") cannot be read as "
                    + expected + " (" + e.getCause() + ").");
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new WrongAnnotationValue(owner + ": the value of " + label(a) + "(" + attribute + ") cannot be read: " + e + ".");
        }
        if (!type.isInstance(value)) {
            throw new WrongAnnotationValue(owner + ": " + label(a) + "(" + attribute + ") must be " + expected + ", found "
                    + describe(value) + ".");
        }
        return type.cast(value);
    }

    private static String describe(Object value) {
        if (value == null) {
            return "nothing";
        }
        return value.getClass().getSimpleName() + " " + value;
    }
}
