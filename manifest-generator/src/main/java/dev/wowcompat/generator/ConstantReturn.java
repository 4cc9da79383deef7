package dev.wowcompat.generator;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * Finds the string constant a no-argument method returns, by reading the class file: only a body that is
 * exactly "load a string constant, return it" counts. Reading the bytecode, rather than calling the method, runs
 * none of the service's code and needs no instance (an exception's constructor may need arguments).
 */
final class ConstantReturn {
    private static final int LDC = 0x12;
    private static final int LDC_W = 0x13;
    private static final int ARETURN = 0xB0;

    private ConstantReturn() {
    }

    static Optional<String> of(Class<?> type, String methodName) {
        String resource = type.getName().replace('.', '/') + ".class";
        ClassLoader loader = type.getClassLoader();
        if (loader == null) {
            return Optional.empty();
        }
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            return read(in.readAllBytes(), methodName, "()Ljava/lang/String;");
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> read(byte[] bytes, String methodName, String descriptor) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        in.readInt();
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        Object[] pool = new Object[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> pool[i] = in.readUTF();
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                case 7, 16, 19, 20 -> in.readUnsignedShort();
                case 8 -> pool[i] = new StringRef(in.readUnsignedShort());
                case 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        in.readUnsignedShort();
        int interfaces = in.readUnsignedShort();
        in.skipBytes(2 * interfaces);
        int fields = in.readUnsignedShort();
        for (int i = 0; i < fields; i++) {
            in.skipBytes(6);
            skipAttributes(in);
        }
        int methods = in.readUnsignedShort();
        for (int i = 0; i < methods; i++) {
            in.readUnsignedShort();
            String name = (String) pool[in.readUnsignedShort()];
            String desc = (String) pool[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = (String) pool[in.readUnsignedShort()];
                int length = in.readInt();
                if (attribute.equals("Code") && name.equals(methodName) && desc.equals(descriptor)) {
                    in.skipBytes(4);
                    int codeLength = in.readInt();
                    byte[] code = new byte[codeLength];
                    in.readFully(code);
                    return constant(code, pool);
                }
                in.skipBytes(length);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> constant(byte[] code, Object[] pool) {
        int index;
        if (code.length == 3 && (code[0] & 0xFF) == LDC && (code[2] & 0xFF) == ARETURN) {
            index = code[1] & 0xFF;
        } else if (code.length == 4 && (code[0] & 0xFF) == LDC_W && (code[3] & 0xFF) == ARETURN) {
            index = ((code[1] & 0xFF) << 8) | (code[2] & 0xFF);
        } else {
            return Optional.empty();
        }
        if (index < pool.length && pool[index] instanceof StringRef ref && pool[ref.utf8()] instanceof String s) {
            return Optional.of(s);
        }
        return Optional.empty();
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.readUnsignedShort();
            in.skipBytes(in.readInt());
        }
    }

    private record StringRef(int utf8) {
    }
}
