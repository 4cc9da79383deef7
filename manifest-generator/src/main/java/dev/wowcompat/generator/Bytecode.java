package dev.wowcompat.generator;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A class's methods as plain lists of instructions, read from its class file with ASM. The bytes come through the
 * class's loader as a resource: reading them neither initializes the class nor runs any of the service's code, and
 * a list is easier to match against a fixed shape (javac's, kotlinc's) than a stream of visitor callbacks.
 */
final class Bytecode {
    /** The pseudo opcode of a branch target: kept so that a jump can be matched with where it lands. */
    static final int LABEL = -1;

    /**
     * One instruction. The operand: an Integer (a pushed int, a local slot), the constant of an LDC, a type's
     * internal name (NEW, CHECKCAST...), a {@link Member} (field and method instructions), an {@link Indy}, a
     * {@link Label} (jumps and {@link #LABEL}), or null.
     */
    record Insn(int opcode, Object operand) {
    }

    /** A field or method an instruction names; the owner as an internal name (slashes). */
    record Member(String owner, String name, String descriptor) {
    }

    /** An INVOKEDYNAMIC's bootstrap method and its static arguments. */
    record Indy(Handle bootstrap, List<Object> arguments) {
    }

    /** One method of the class file; {@code code} is empty for an abstract or native method. */
    record MethodCode(int access, String name, String descriptor, List<Insn> code) {
    }

    private Bytecode() {
    }

    /** The class file of a loaded class, or empty when its loader has none (JDK classes, generated classes). */
    static Optional<ClassReader> reader(Class<?> type) {
        return reader(type.getClassLoader(), type.getName().replace('.', '/'));
    }

    /** A class file by internal name through a loader, or empty when absent or not a class file ASM can parse. */
    static Optional<ClassReader> reader(ClassLoader loader, String internalName) {
        if (loader == null) {
            return Optional.empty();
        }
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.of(new ClassReader(in.readAllBytes()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Every method of the class file, in the file's order. Debug information and frames are not kept. */
    static List<MethodCode> methods(ClassReader reader) {
        List<MethodCode> methods = new ArrayList<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new Recorder(code -> methods.add(new MethodCode(access, name, descriptor, code)));
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return List.copyOf(methods);
    }

    /** Collects one method's instructions and hands them over, as an immutable list, at the method's end. */
    private static final class Recorder extends MethodVisitor {
        private final List<Insn> code = new ArrayList<>();
        private final Consumer<List<Insn>> done;

        Recorder(Consumer<List<Insn>> done) {
            super(Opcodes.ASM9);
            this.done = done;
        }

        @Override
        public void visitInsn(int opcode) {
            code.add(new Insn(opcode, null));
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            code.add(new Insn(opcode, opcode == Opcodes.NEWARRAY ? null : operand));
        }

        @Override
        public void visitVarInsn(int opcode, int varIndex) {
            code.add(new Insn(opcode, varIndex));
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            code.add(new Insn(opcode, type));
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            code.add(new Insn(opcode, new Member(owner, name, descriptor)));
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            code.add(new Insn(opcode, new Member(owner, name, descriptor)));
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            code.add(new Insn(Opcodes.INVOKEDYNAMIC, new Indy(bootstrap, List.of(arguments))));
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            code.add(new Insn(opcode, label));
        }

        @Override
        public void visitLabel(Label label) {
            code.add(new Insn(LABEL, label));
        }

        @Override
        public void visitLdcInsn(Object value) {
            code.add(new Insn(Opcodes.LDC, value));
        }

        @Override
        public void visitIincInsn(int varIndex, int increment) {
            code.add(new Insn(Opcodes.IINC, varIndex));
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            code.add(new Insn(Opcodes.TABLESWITCH, null));
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            code.add(new Insn(Opcodes.LOOKUPSWITCH, null));
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            code.add(new Insn(Opcodes.MULTIANEWARRAY, descriptor));
        }

        @Override
        public void visitEnd() {
            done.accept(List.copyOf(code));
        }
    }
}
