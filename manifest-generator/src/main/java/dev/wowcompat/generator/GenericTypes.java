package dev.wowcompat.generator;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A member's generic type as the concrete class sees it: the type variables of its generic superclasses and
 * interfaces, at any depth, replaced by the type arguments the class gives them. This is what Wow sees: wow-core
 * reads a handler through Kotlin reflection's members of the concrete class ({@code KClass.memberFunctions}), whose
 * inherited functions carry the superclass's parameter types with the class's type arguments substituted, and then
 * takes their erasure. So {@code onCreate(command: C)} of {@code Tree<…, C : Create<*>, …>} handles
 * {@code CreateDepartment} in {@code Department : Tree<…, CreateDepartment, …>}.
 *
 * <p>A variable no class binds (the class is generic itself, a raw supertype, a method's own variable) stays a
 * variable, whose erasure is its first bound, as Kotlin's {@code jvmErasure} takes it. The result is a plain
 * {@link Type}, wildcards kept ({@code Continuation<? super T>}), so everything that reads a handler's types reads
 * a resolved one the same way. One instance per generation: it caches the bindings of each class it is asked about.
 */
final class GenericTypes {
    private final Map<Type, Map<TypeVariable<?>, Type>> bindings = new HashMap<>();

    /** {@code type} as seen from {@code context} (a class, or a parameterized type such as {@code Create<Created>}). */
    Type resolve(Type type, Type context) {
        Map<TypeVariable<?>, Type> bound = bindings.computeIfAbsent(context, GenericTypes::bindingsOf);
        return bound.isEmpty() ? type : substitute(type, bound);
    }

    /**
     * What the methods a handler calls return, when their declared return type is a type variable ({@code E
     * toEvent()} of {@code Create<E>}) and the receiver is one of the handler's parameters (as the concrete class
     * binds them) or the concrete class itself: the call in the bytecode names only the variable's bound, the
     * receiver's type arguments name the class ({@code CreateDepartment : Create<DepartmentCreated>} gives
     * {@code DepartmentCreated}). Containers and Wow's messages unwrapped ({@link Handlers#unwrap}), first found first.
     */
    List<Class<?>> calledReturns(Method handler, Class<?> concrete, List<Bytecode.Member> calls) {
        List<Type> receivers = new ArrayList<>();
        for (Type parameter : handler.getGenericParameterTypes()) {
            Type resolved = resolve(parameter, concrete);
            if (!resolved.equals(parameter)) {
                receivers.add(resolved);
                receivers.addAll(Handlers.unwrap(resolved));
            }
        }
        receivers.add(concrete);
        ClassLoader loader = handler.getDeclaringClass().getClassLoader();
        Set<Class<?>> found = new LinkedHashSet<>();
        for (Bytecode.Member call : calls) {
            Optional<Method> called = ClassScanner.tryLoad(call.owner().replace('/', '.'), loader)
                    .flatMap(owner -> declaredMethod(owner, call.name(), call.descriptor()));
            if (called.isEmpty() || !mentionsVariable(called.get().getGenericReturnType())) {
                continue;
            }
            for (Type receiver : receivers) {
                if (called.get().getDeclaringClass().isAssignableFrom(Processors.erasure(receiver))) {
                    found.addAll(Handlers.unwrap(resolve(called.get().getGenericReturnType(), receiver)));
                }
            }
        }
        return List.copyOf(found);
    }

    /** The method a call instruction names, declared by the owner or one of its supertypes (not a bridge). */
    private static Optional<Method> declaredMethod(Class<?> owner, String name, String descriptor) {
        List<Class<?>> pending = new ArrayList<>(List.of(owner));
        Set<Class<?>> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            Class<?> type = pending.remove(0);
            if (!seen.add(type)) {
                continue;
            }
            for (Method m : type.getDeclaredMethods()) {
                if (!m.isBridge() && m.getName().equals(name)
                        && org.objectweb.asm.Type.getMethodDescriptor(m).equals(descriptor)) {
                    return Optional.of(m);
                }
            }
            if (type.getSuperclass() != null) {
                pending.add(type.getSuperclass());
            }
            pending.addAll(List.of(type.getInterfaces()));
        }
        return Optional.empty();
    }

    private static boolean mentionsVariable(Type type) {
        if (type instanceof TypeVariable<?>) {
            return true;
        }
        if (type instanceof ParameterizedType p) {
            return Arrays.stream(p.getActualTypeArguments()).anyMatch(GenericTypes::mentionsVariable);
        }
        if (type instanceof WildcardType w) {
            return Arrays.stream(w.getUpperBounds()).anyMatch(GenericTypes::mentionsVariable)
                    || Arrays.stream(w.getLowerBounds()).anyMatch(GenericTypes::mentionsVariable);
        }
        return type instanceof GenericArrayType g && mentionsVariable(g.getGenericComponentType());
    }

    /** Every type variable of the context's supertypes, bound to what the context gives it. */
    private static Map<TypeVariable<?>, Type> bindingsOf(Type context) {
        Map<TypeVariable<?>, Type> bound = new HashMap<>();
        bind(context, bound);
        return bound;
    }

    private static void bind(Type type, Map<TypeVariable<?>, Type> bound) {
        Class<?> raw;
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
            raw = c;
            TypeVariable<?>[] variables = c.getTypeParameters();
            Type[] arguments = p.getActualTypeArguments();
            for (int i = 0; i < variables.length && i < arguments.length; i++) {
                bound.putIfAbsent(variables[i], substitute(arguments[i], bound));
            }
        } else if (type instanceof Class<?> c) {
            raw = c;
        } else {
            return;
        }
        // Top down: a supertype's arguments may name this class's variables, bound just above.
        Type superclass = raw.getGenericSuperclass();
        if (superclass != null) {
            bind(substitute(superclass, bound), bound);
        }
        for (Type implemented : raw.getGenericInterfaces()) {
            bind(substitute(implemented, bound), bound);
        }
    }

    private static Type substitute(Type type, Map<TypeVariable<?>, Type> bound) {
        if (type instanceof TypeVariable<?> v) {
            return bound.getOrDefault(v, v);
        }
        if (type instanceof ParameterizedType p) {
            Type[] arguments = p.getActualTypeArguments();
            Type[] substituted = Arrays.stream(arguments).map(a -> substitute(a, bound)).toArray(Type[]::new);
            Type owner = p.getOwnerType() == null ? null : substitute(p.getOwnerType(), bound);
            if (Arrays.equals(arguments, substituted) && Objects.equals(owner, p.getOwnerType())) {
                return p;
            }
            return new Parameterized((Class<?>) p.getRawType(), owner, substituted);
        }
        if (type instanceof WildcardType w) {
            Type[] upper = Arrays.stream(w.getUpperBounds()).map(b -> substitute(b, bound)).toArray(Type[]::new);
            Type[] lower = Arrays.stream(w.getLowerBounds()).map(b -> substitute(b, bound)).toArray(Type[]::new);
            if (Arrays.equals(upper, w.getUpperBounds()) && Arrays.equals(lower, w.getLowerBounds())) {
                return w;
            }
            return new Wildcard(upper, lower);
        }
        if (type instanceof GenericArrayType g) {
            Type component = substitute(g.getGenericComponentType(), bound);
            if (component instanceof Class<?> c) {
                return c.arrayType();
            }
            return component.equals(g.getGenericComponentType()) ? g : new GenericArray(component);
        }
        return type;
    }

    /** A parameterized type with substituted arguments; equal to the JDK's own for the same type, as the JDK's are. */
    private record Parameterized(Class<?> raw, Type owner, Type[] arguments) implements ParameterizedType {
        @Override
        public Type[] getActualTypeArguments() {
            return arguments.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return owner;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ParameterizedType p && raw.equals(p.getRawType())
                    && Objects.equals(owner, p.getOwnerType()) && Arrays.equals(arguments, p.getActualTypeArguments());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(arguments) ^ Objects.hashCode(owner) ^ raw.hashCode();
        }

        @Override
        public String toString() {
            return getTypeName();
        }

        @Override
        public String getTypeName() {
            return raw.getTypeName() + Arrays.stream(arguments).map(Type::getTypeName).collect(Collectors.joining(", ", "<", ">"));
        }
    }

    private record Wildcard(Type[] upper, Type[] lower) implements WildcardType {
        @Override
        public Type[] getUpperBounds() {
            return upper.clone();
        }

        @Override
        public Type[] getLowerBounds() {
            return lower.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof WildcardType w && Arrays.equals(upper, w.getUpperBounds())
                    && Arrays.equals(lower, w.getLowerBounds());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(upper) ^ Arrays.hashCode(lower);
        }

        @Override
        public String toString() {
            return getTypeName();
        }

        @Override
        public String getTypeName() {
            if (lower.length > 0) {
                return "? super " + lower[0].getTypeName();
            }
            return upper.length == 0 || upper[0] == Object.class ? "?" : "? extends " + upper[0].getTypeName();
        }
    }

    private record GenericArray(Type component) implements GenericArrayType {
        @Override
        public Type getGenericComponentType() {
            return component;
        }

        @Override
        public String toString() {
            return getTypeName();
        }

        @Override
        public String getTypeName() {
            return component.getTypeName() + "[]";
        }
    }
}
