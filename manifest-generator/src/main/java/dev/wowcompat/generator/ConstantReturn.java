package dev.wowcompat.generator;

import org.objectweb.asm.Opcodes;

import java.util.List;
import java.util.Optional;

/**
 * Finds the string constant a no-argument method returns, by reading the class file: only a body that is
 * exactly "load a string constant, return it" counts. Reading the bytecode, rather than calling the method, runs
 * none of the service's code and needs no instance (an exception's constructor may need arguments).
 */
final class ConstantReturn {
    private static final String RETURNS_STRING = "()Ljava/lang/String;";

    private ConstantReturn() {
    }

    static Optional<String> of(Class<?> type, String methodName) {
        try {
            return Bytecode.reader(type).flatMap(reader -> Bytecode.methods(reader).stream()
                    .filter(m -> m.name().equals(methodName) && m.descriptor().equals(RETURNS_STRING))
                    .findFirst()
                    .flatMap(m -> constant(m.code())));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> constant(List<Bytecode.Insn> code) {
        List<Bytecode.Insn> body = code.stream().filter(i -> i.opcode() != Bytecode.LABEL).toList();
        if (body.size() == 2 && body.get(0).opcode() == Opcodes.LDC && body.get(0).operand() instanceof String s
                && body.get(1).opcode() == Opcodes.ARETURN) {
            return Optional.of(s);
        }
        return Optional.empty();
    }
}
