package dev.wowcompat.generator;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Error codes clients may match on, from three sources: classes implementing Wow's {@code ErrorInfo} whose
 * {@code getErrorCode()} returns a constant (or enums implementing it: each constant's code), the String
 * constants of classes named {@code *ErrorCodes}, and our {@code @ErrorCode}. Codes are written in kebab-case
 * in the Manifest; the code as written in the class is kept in the description when it differs.
 */
final class ErrorCodes {
    private static final Pattern KEBAB = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    /** A code as written in the class that declares it. */
    record Found(Class<?> source, String declaredAs, String description) {
    }

    private final GenerationProblems problems;

    ErrorCodes(GenerationProblems problems) {
        this.problems = problems;
    }

    List<Found> scan(List<Class<?>> classes) {
        List<Found> found = new ArrayList<>();
        for (Class<?> type : classes) {
            try {
                if (implementsErrorInfo(type)) {
                    fromErrorInfo(type, found);
                }
                if (type.getSimpleName().endsWith("ErrorCodes")) {
                    fromConstants(type, found);
                }
                for (Annotation a : declared(type)) {
                    found.add(new Found(type, ByName.string(a, "value", type.getName()), ByName.string(a, "description", type.getName())));
                }
            } catch (WrongAnnotationValue e) {
                problems.problem(e.getMessage());
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                problems.warn(type.getName() + ": its error codes cannot be read (" + ClassScanner.cause(e)
                        + "), so they are missing from the Manifest's errors.");
            }
        }
        return found;
    }

    /**
     * The Manifest's form of a code, or empty (with a warning naming the class) when it has none: Wow writes the code
     * exactly as declared ({@code ""} too), and any code we made up for it would be one no client ever receives, so
     * it is left out of the Manifest's errors rather than renamed (docs/decisions.md).
     */
    Optional<Model.ErrorCodeEntry> entry(Found f) {
        String code = Naming.kebab(f.declaredAs());
        if (!KEBAB.matcher(code).matches()) {
            problems.warn(f.source().getName() + ": error code '" + f.declaredAs() + "' cannot be written as a "
                    + "kebab-case code (letters and digits, starting with a letter), so it is left out of the Manifest's "
                    + "errors; Wow writes it as declared.");
            return Optional.empty();
        }
        String description = f.description();
        if (description.isBlank() && !code.equals(f.declaredAs())) {
            description = "Declared as " + f.declaredAs() + " in " + f.source().getSimpleName() + ".";
        }
        return Optional.of(new Model.ErrorCodeEntry(code, description));
    }

    private static List<Annotation> declared(Class<?> type) {
        List<Annotation> codes = new ArrayList<>();
        ByName.find(type, ByName.ERROR_CODE).ifPresent(codes::add);
        ByName.find(type, ByName.ERROR_CODE_LIST).ifPresent(list ->
                codes.addAll(List.of(ByName.annotations(list, "value", type.getName()))));
        return codes;
    }

    private void fromErrorInfo(Class<?> type, List<Found> found) throws ReflectiveOperationException {
        if (type.isEnum()) {
            Method getter = type.getMethod("getErrorCode");
            for (Object constant : type.getEnumConstants()) {
                found.add(new Found(type, String.valueOf(getter.invoke(constant)), ""));
            }
            return;
        }
        ConstantReturn.of(type, "getErrorCode").ifPresent(code -> found.add(new Found(type, code, "")));
    }

    private static void fromConstants(Class<?> type, List<Found> found) throws IllegalAccessException {
        for (Field field : type.getDeclaredFields()) {
            int m = field.getModifiers();
            if (Modifier.isStatic(m) && Modifier.isFinal(m) && Modifier.isPublic(m) && field.getType() == String.class) {
                Object value = field.get(null);
                if (value != null) {
                    found.add(new Found(type, value.toString(), ""));
                }
            }
        }
    }

    static boolean implementsErrorInfo(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(ByName.ERROR_INFO)) {
                return true;
            }
            for (Class<?> i : c.getInterfaces()) {
                if (implementsErrorInfo(i)) {
                    return true;
                }
            }
        }
        return false;
    }
}
