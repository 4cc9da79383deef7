package dev.wowcompat.generator;

import kotlin.Metadata;
import kotlin.metadata.Attributes;
import kotlin.metadata.KmClass;
import kotlin.metadata.KmConstructor;
import kotlin.metadata.KmValueParameter;
import kotlin.metadata.jvm.JvmExtensionsKt;
import kotlin.metadata.jvm.JvmMethodSignature;
import kotlin.metadata.jvm.KotlinClassMetadata;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The default values of a Kotlin class's primary-constructor parameters. Kotlin keeps them nowhere but in code:
 * a synthetic constructor {@code <init>(P1..Pn, int mask.., DefaultConstructorMarker)} that, for each parameter
 * whose bit is set in the mask, computes its default and stores it in the parameter's slot. A default that is one
 * constant load can be read back as a value; anything else is code we will not run, so it is only "computed".
 * The metadata says which parameters declare a default and gives their names; the bytecode alone has neither.
 */
final class KotlinDefaults {
    private static final String MARKER = "Lkotlin/jvm/internal/DefaultConstructorMarker;";

    /**
     * What the class file reveals about one default: a constant ({@code value}: Integer, Long, Float, Double,
     * BigDecimal, Boolean, String, an enum constant's name, an empty List or Map, or null) or, when {@code computed},
     * only that code makes it.
     */
    record Default(boolean computed, Object value) {
        static final Default COMPUTED = new Default(true, null);

        Default {
            if (computed && value != null) {
                throw new IllegalArgumentException("a computed default has no value");
            }
        }

        static Default constant(Object value) {
            return new Default(false, value);
        }
    }

    /**
     * Calls and constants whose value every reader agrees on, by opcode and member: Kotlin's empty collections
     * ({@code emptyList()}, and {@code listOf()}, which compiles to it) and BigDecimal's and BigInteger's named
     * constants. They are what Kotlin code most often writes as a default, and Wow's mapper writes them as these values.
     */
    private static final Map<Bytecode.Insn, Object> WELL_KNOWN = Map.of(
            new Bytecode.Insn(Opcodes.INVOKESTATIC, new Bytecode.Member("kotlin/collections/CollectionsKt", "emptyList", "()Ljava/util/List;")), List.of(),
            new Bytecode.Insn(Opcodes.INVOKESTATIC, new Bytecode.Member("kotlin/collections/SetsKt", "emptySet", "()Ljava/util/Set;")), List.of(),
            new Bytecode.Insn(Opcodes.INVOKESTATIC, new Bytecode.Member("kotlin/collections/MapsKt", "emptyMap", "()Ljava/util/Map;")), Map.of(),
            new Bytecode.Insn(Opcodes.GETSTATIC, new Bytecode.Member("java/math/BigDecimal", "ZERO", "Ljava/math/BigDecimal;")), BigDecimal.ZERO,
            new Bytecode.Insn(Opcodes.GETSTATIC, new Bytecode.Member("java/math/BigDecimal", "ONE", "Ljava/math/BigDecimal;")), BigDecimal.ONE,
            new Bytecode.Insn(Opcodes.GETSTATIC, new Bytecode.Member("java/math/BigDecimal", "TEN", "Ljava/math/BigDecimal;")), BigDecimal.TEN,
            new Bytecode.Insn(Opcodes.GETSTATIC, new Bytecode.Member("java/math/BigInteger", "ZERO", "Ljava/math/BigInteger;")), BigDecimal.ZERO,
            new Bytecode.Insn(Opcodes.GETSTATIC, new Bytecode.Member("java/math/BigInteger", "ONE", "Ljava/math/BigInteger;")), BigDecimal.ONE);

    private KotlinDefaults() {
    }

    /**
     * What the class file reveals of a Kotlin class's defaults, read in one pass over its metadata and its class file.
     *
     * @param parameters   primary-constructor parameter name to its default, in parameter order, for the parameters
     *                     that declare one
     * @param initializers property name to the value the primary constructor initialises it with, for the properties
     *                     of the class body ({@code var items: List<Item> = emptyList()}): Wow's mapper keeps that value
     *                     when a document lacks the property, so it is the property's default
     */
    record Defaults(Map<String, Default> parameters, Map<String, Default> initializers) {
        static final Defaults NONE = new Defaults(Map.of(), Map.of());
    }

    /** Parameter name to its default, in parameter order, for the parameters that declare one; never throws. */
    static Map<String, Default> of(Class<?> kotlinClass) {
        return read(kotlinClass).parameters();
    }

    /** Never throws: metadata from a newer Kotlin, or a class file ASM cannot parse, reveals no defaults. */
    static Defaults read(Class<?> kotlinClass) {
        if (!KotlinProperties.isKotlin(kotlinClass)) {
            return Defaults.NONE;
        }
        try {
            return readClass(kotlinClass);
        } catch (RuntimeException | LinkageError e) {
            return Defaults.NONE;
        }
    }

    private static Defaults readClass(Class<?> kotlinClass) {
        Metadata metadata = kotlinClass.getAnnotation(Metadata.class);
        if (metadata == null || !(KotlinClassMetadata.readLenient(metadata) instanceof KotlinClassMetadata.Class c)) {
            return Defaults.NONE;
        }
        KmClass km = c.getKmClass();
        Optional<KmConstructor> primary = km.getConstructors().stream().filter(k -> !Attributes.isSecondary(k)).findFirst();
        JvmMethodSignature signature = primary.map(JvmExtensionsKt::getSignature).orElse(null);
        Optional<ClassReader> reader = Bytecode.reader(kotlinClass);
        if (signature == null || reader.isEmpty()) {
            return Defaults.NONE;
        }
        List<Bytecode.MethodCode> methods = Bytecode.methods(reader.get());
        return new Defaults(parameters(primary.get(), signature, methods, kotlinClass.getClassLoader()),
                initializers(reader.get().getClassName(), signature, methods, kotlinClass.getClassLoader()));
    }

    private static Map<String, Default> parameters(KmConstructor primary, JvmMethodSignature signature,
                                                   List<Bytecode.MethodCode> methods, ClassLoader loader) {
        List<KmValueParameter> parameters = primary.getValueParameters();
        if (parameters.stream().noneMatch(Attributes::getDeclaresDefaultValue)) {
            return Map.of();
        }
        Type[] arguments = Type.getArgumentTypes(signature.getDescriptor());
        // Parameters the metadata does not list (an inner class's outer instance) come first in the descriptor.
        int offset = arguments.length - parameters.size();
        if (offset < 0) {
            return Map.of();
        }
        String prefix = signature.getDescriptor().substring(0, signature.getDescriptor().indexOf(')'));
        Optional<Bytecode.MethodCode> synthetic = methods.stream()
                .filter(m -> m.name().equals("<init>") && (m.access() & Opcodes.ACC_SYNTHETIC) != 0)
                .filter(m -> masks(m.descriptor(), prefix) > 0)
                .findFirst();
        if (synthetic.isEmpty()) {
            return Map.of();
        }
        int[] slots = new int[arguments.length];
        int slot = 1;
        for (int i = 0; i < arguments.length; i++) {
            slots[i] = slot;
            slot += arguments[i].getSize();
        }
        Default[] found = scan(synthetic.get(), slot, masks(synthetic.get().descriptor(), prefix), arguments, slots,
                offset, loader);
        Map<String, Default> defaults = new LinkedHashMap<>();
        for (int p = 0; p < parameters.size(); p++) {
            KmValueParameter parameter = parameters.get(p);
            if (Attributes.getDeclaresDefaultValue(parameter)) {
                defaults.put(parameter.getName(), found[p] == null ? Default.COMPUTED : found[p]);
            }
        }
        return Collections.unmodifiableMap(defaults);
    }

    private static Map<String, Default> initializers(String owner, JvmMethodSignature signature,
                                                     List<Bytecode.MethodCode> methods, ClassLoader loader) {
        Optional<Bytecode.MethodCode> constructor = methods.stream()
                .filter(m -> m.name().equals("<init>") && m.descriptor().equals(signature.getDescriptor())).findFirst();
        Map<String, Default> initialised = new LinkedHashMap<>();
        List<Bytecode.Insn> code = constructor.map(Bytecode.MethodCode::code).orElse(List.of());
        for (int i = 0; i < code.size(); i++) {
            if (code.get(i).opcode() == Opcodes.PUTFIELD && code.get(i).operand() instanceof Bytecode.Member field
                    && field.owner().equals(owner)) {
                initialised.putIfAbsent(field.name(), initializer(code, i, Type.getType(field.descriptor()), loader));
            }
        }
        return Collections.unmodifiableMap(initialised);
    }

    /** The value stored by the PUTFIELD at {@code put}: {@code ALOAD 0; <value code>; PUTFIELD}, its code a constant. */
    private static Default initializer(List<Bytecode.Insn> code, int put, Type type, ClassLoader loader) {
        for (int length = 1; length <= 4 && put - length - 1 >= 0; length++) {
            Bytecode.Insn self = code.get(put - length - 1);
            if (self.opcode() == Opcodes.ALOAD && Integer.valueOf(0).equals(self.operand())) {
                Default found = classify(code.subList(put - length, put), type, loader);
                if (!found.computed()) {
                    return found;
                }
            }
        }
        return Default.COMPUTED;
    }

    /** How many mask ints a constructor descriptor adds to the primary's parameters, 0 when it is not that shape. */
    private static int masks(String descriptor, String primaryPrefix) {
        String suffix = MARKER + ")V";
        if (!descriptor.startsWith(primaryPrefix) || !descriptor.endsWith(suffix)) {
            return 0;
        }
        String middle = descriptor.substring(primaryPrefix.length(), descriptor.length() - suffix.length());
        return middle.chars().allMatch(ch -> ch == 'I') ? middle.length() : 0;
    }

    /** Each parameter's default found in the synthetic constructor, by value-parameter index; null where none is. */
    private static Default[] scan(Bytecode.MethodCode constructor, int firstMaskSlot, int maskCount, Type[] arguments,
                                  int[] slots, int offset, ClassLoader loader) {
        Default[] found = new Default[arguments.length - offset];
        List<Bytecode.Insn> code = constructor.code();
        for (int i = 0; i + 3 < code.size(); i++) {
            // ILOAD mask; <push 1 << bit>; IAND; IFEQ skip; <value code>; xSTORE slot; skip:
            Bytecode.Insn load = code.get(i);
            if (load.opcode() != Opcodes.ILOAD || !(load.operand() instanceof Integer maskSlot)
                    || maskSlot < firstMaskSlot || maskSlot >= firstMaskSlot + maskCount) {
                continue;
            }
            Optional<Integer> bit = pushedInt(code.get(i + 1)).filter(b -> Integer.bitCount(b) == 1);
            if (bit.isEmpty() || code.get(i + 2).opcode() != Opcodes.IAND || code.get(i + 3).opcode() != Opcodes.IFEQ) {
                continue;
            }
            Object skip = code.get(i + 3).operand();
            int end = i + 4;
            while (end < code.size() && !(code.get(end).opcode() == Bytecode.LABEL && code.get(end).operand() == skip)) {
                end++;
            }
            int parameter = (maskSlot - firstMaskSlot) * 32 + Integer.numberOfTrailingZeros(bit.get());
            if (end == code.size() || end - 1 < i + 4 || parameter >= found.length) {
                continue;
            }
            Type type = arguments[offset + parameter];
            Bytecode.Insn store = code.get(end - 1);
            boolean storesParameter = store.opcode() == type.getOpcode(Opcodes.ISTORE)
                    && Integer.valueOf(slots[offset + parameter]).equals(store.operand());
            found[parameter] = storesParameter
                    ? classify(code.subList(i + 4, end - 1), type, loader)
                    : Default.COMPUTED;
            i = end - 1;
        }
        return found;
    }

    /** A value code of one constant load (or a constant boxed for a nullable primitive), else computed. */
    private static Default classify(List<Bytecode.Insn> value, Type type, ClassLoader loader) {
        if (value.size() == 4 && value.get(1).opcode() == Opcodes.DUP && isNullCheck(value.get(3))) {
            // A Java constant of a platform type (BigDecimal.ZERO): Kotlin checks it is not null, then stores it.
            value = value.subList(0, 1);
        }
        if (value.size() == 2 && type.getSort() == Type.OBJECT) {
            Optional<Type> primitive = boxed(value.get(1), type);
            if (primitive.isPresent()) {
                return constant(value.get(0), primitive.get(), loader).orElse(Default.COMPUTED);
            }
        }
        if (value.size() == 1) {
            return constant(value.get(0), type, loader).orElse(Default.COMPUTED);
        }
        return Default.COMPUTED;
    }

    /** The primitive type a {@code Integer.valueOf(int)}-style call boxes into the parameter's own wrapper type. */
    private static Optional<Type> boxed(Bytecode.Insn insn, Type parameter) {
        if (insn.opcode() == Opcodes.INVOKESTATIC && insn.operand() instanceof Bytecode.Member m
                && m.name().equals("valueOf") && m.owner().startsWith("java/lang/")
                && Type.getReturnType(m.descriptor()).equals(parameter)
                && Type.getArgumentTypes(m.descriptor()).length == 1) {
            Type primitive = Type.getArgumentTypes(m.descriptor())[0];
            return primitive.getSort() <= Type.DOUBLE && primitive.getSort() != Type.VOID
                    ? Optional.of(primitive) : Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<Default> constant(Bytecode.Insn insn, Type type, ClassLoader loader) {
        Object operand = insn.operand();
        switch (type.getSort()) {
            case Type.BOOLEAN:
                return pushedInt(insn).filter(v -> v == 0 || v == 1).map(v -> Default.constant(v == 1));
            case Type.CHAR:
                return pushedInt(insn).map(v -> Default.constant(String.valueOf((char) v.intValue())));
            case Type.BYTE:
            case Type.SHORT:
            case Type.INT:
                return pushedInt(insn).map(Default::constant);
            case Type.LONG:
                if (insn.opcode() == Opcodes.LCONST_0 || insn.opcode() == Opcodes.LCONST_1) {
                    return Optional.of(Default.constant((long) (insn.opcode() - Opcodes.LCONST_0)));
                }
                return insn.opcode() == Opcodes.LDC && operand instanceof Long l ? Optional.of(Default.constant(l)) : Optional.empty();
            case Type.FLOAT:
                if (insn.opcode() >= Opcodes.FCONST_0 && insn.opcode() <= Opcodes.FCONST_2) {
                    return Optional.of(Default.constant((float) (insn.opcode() - Opcodes.FCONST_0)));
                }
                return insn.opcode() == Opcodes.LDC && operand instanceof Float f ? Optional.of(Default.constant(f)) : Optional.empty();
            case Type.DOUBLE:
                if (insn.opcode() == Opcodes.DCONST_0 || insn.opcode() == Opcodes.DCONST_1) {
                    return Optional.of(Default.constant((double) (insn.opcode() - Opcodes.DCONST_0)));
                }
                return insn.opcode() == Opcodes.LDC && operand instanceof Double d ? Optional.of(Default.constant(d)) : Optional.empty();
            case Type.OBJECT:
                if (insn.opcode() == Opcodes.ACONST_NULL) {
                    return Optional.of(Default.constant(null));
                }
                if (insn.opcode() == Opcodes.LDC && operand instanceof String s) {
                    return Optional.of(Default.constant(s));
                }
                if (insn.opcode() == Opcodes.GETSTATIC && operand instanceof Bytecode.Member field
                        && field.descriptor().equals("L" + field.owner() + ";") && isEnum(loader, field.owner())) {
                    return Optional.of(Default.constant(field.name()));
                }
                return Optional.ofNullable(WELL_KNOWN.get(insn)).map(Default::constant);
            default:
                return Optional.empty();
        }
    }

    private static boolean isNullCheck(Bytecode.Insn insn) {
        return insn.opcode() == Opcodes.INVOKESTATIC && insn.operand() instanceof Bytecode.Member m
                && m.owner().equals("kotlin/jvm/internal/Intrinsics") && m.name().equals("checkNotNullExpressionValue");
    }

    /** The int an ICONST/BIPUSH/SIPUSH/LDC pushes. */
    private static Optional<Integer> pushedInt(Bytecode.Insn insn) {
        int opcode = insn.opcode();
        if (opcode >= Opcodes.ICONST_M1 && opcode <= Opcodes.ICONST_5) {
            return Optional.of(opcode - Opcodes.ICONST_0);
        }
        if ((opcode == Opcodes.BIPUSH || opcode == Opcodes.SIPUSH || opcode == Opcodes.LDC)
                && insn.operand() instanceof Integer v) {
            return Optional.of(v);
        }
        return Optional.empty();
    }

    /** By the ACC_ENUM flag of its class file: loading the class to ask would run its static initializer. */
    private static boolean isEnum(ClassLoader loader, String internalName) {
        return Bytecode.reader(loader, internalName).map(r -> (r.getAccess() & Opcodes.ACC_ENUM) != 0).orElse(false);
    }
}
