package dev.wowcompat.generator;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The classes a handler's bytecode instantiates: what a handler declared as returning {@code Object},
 * {@code List<?>} or {@code Iterable<*>} really returns, which its signature cannot tell. A Kotlin {@code object}
 * is never constructed at the call site, its {@code INSTANCE} is read instead, so that read counts too. Code the
 * handler only reaches through a lambda or a private helper of its own class is part of the handler as written,
 * so it is followed; calls into other classes are not (their code is not the handler's, and could be anything).
 */
final class ConstructedTypes {
    private static final String LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory";

    private ConstructedTypes() {
    }

    private record Signature(String name, String descriptor) {
    }

    /**
     * What a handler's code does that names types.
     *
     * @param constructed binary class names (dots) it instantiates, first appearance first
     * @param calls       the methods it calls on other objects (owner as an internal name), first call first
     */
    record Body(List<String> constructed, List<Bytecode.Member> calls) {
    }

    /** Binary class names (dots), first appearance first; empty when the class file cannot be read. */
    static List<String> of(Method handler) {
        return read(handler).constructed();
    }

    /** What the handler constructs and calls; empty when the class file cannot be read. */
    static Body read(Method handler) {
        try {
            Optional<ClassReader> reader = Bytecode.reader(handler.getDeclaringClass());
            if (reader.isEmpty()) {
                return new Body(List.of(), List.of());
            }
            String self = reader.get().getClassName();
            Map<Signature, Bytecode.MethodCode> methods = new HashMap<>();
            for (Bytecode.MethodCode m : Bytecode.methods(reader.get())) {
                methods.putIfAbsent(new Signature(m.name(), m.descriptor()), m);
            }
            Set<String> found = new LinkedHashSet<>();
            Set<Bytecode.Member> calls = new LinkedHashSet<>();
            walk(new Signature(handler.getName(), Type.getMethodDescriptor(handler)), self, methods, new HashSet<>(), found, calls);
            return new Body(found.stream().map(internal -> internal.replace('/', '.')).toList(), List.copyOf(calls));
        } catch (RuntimeException e) {
            return new Body(List.of(), List.of());
        }
    }

    private static void walk(Signature at, String self, Map<Signature, Bytecode.MethodCode> methods,
                             Set<Signature> visited, Set<String> found, Set<Bytecode.Member> calls) {
        Bytecode.MethodCode method = methods.get(at);
        if (method == null || !visited.add(at)) {
            return;
        }
        for (Bytecode.Insn insn : method.code()) {
            switch (insn.opcode()) {
                case Opcodes.NEW -> found.add((String) insn.operand());
                case Opcodes.GETSTATIC -> {
                    Bytecode.Member field = (Bytecode.Member) insn.operand();
                    if (field.name().equals("INSTANCE") && field.descriptor().equals("L" + field.owner() + ";")) {
                        found.add(field.owner());
                    }
                }
                case Opcodes.INVOKEINTERFACE -> calls.add((Bytecode.Member) insn.operand());
                case Opcodes.INVOKESTATIC, Opcodes.INVOKESPECIAL, Opcodes.INVOKEVIRTUAL -> {
                    Bytecode.Member called = (Bytecode.Member) insn.operand();
                    Signature target = new Signature(called.name(), called.descriptor());
                    Bytecode.MethodCode callee = methods.get(target);
                    if (called.owner().equals(self) && callee != null
                            && (callee.access() & (Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC)) != 0) {
                        walk(target, self, methods, visited, found, calls);
                    } else if (insn.opcode() == Opcodes.INVOKEVIRTUAL) {
                        calls.add(called);
                    }
                }
                case Opcodes.INVOKEDYNAMIC -> lambdaBody((Bytecode.Indy) insn.operand(), self)
                        .ifPresent(body -> walk(body, self, methods, visited, found, calls));
                default -> {
                }
            }
        }
    }

    /** The method of this class a LambdaMetafactory call site runs (javac's lambda$x$0, kotlinc's x$lambda$0). */
    private static Optional<Signature> lambdaBody(Bytecode.Indy indy, String self) {
        Handle bootstrap = indy.bootstrap();
        boolean metafactory = bootstrap.getOwner().equals(LAMBDA_METAFACTORY)
                && (bootstrap.getName().equals("metafactory") || bootstrap.getName().equals("altMetafactory"));
        if (metafactory && indy.arguments().size() > 1 && indy.arguments().get(1) instanceof Handle implementation
                && implementation.getOwner().equals(self)) {
            return Optional.of(new Signature(implementation.getName(), implementation.getDesc()));
        }
        return Optional.empty();
    }
}
