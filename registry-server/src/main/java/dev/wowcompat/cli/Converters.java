package dev.wowcompat.cli;

import dev.wowcompat.report.ReportFormat;
import dev.wowcompat.report.Waiver;
import dev.wowcompat.rules.Level;
import dev.wowcompat.rules.Rule;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Option values users type, turned into library values with a message that names what is accepted. */
final class Converters {
    private Converters() {}

    static final class Format implements ITypeConverter<ReportFormat> {
        @Override
        public ReportFormat convert(String value) {
            try {
                return ReportFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class LevelName implements ITypeConverter<Level> {
        @Override
        public Level convert(String value) {
            try {
                return Level.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("unknown level '" + value + "'; expected one of " + levels());
            }
        }

        static String levels() {
            return Arrays.stream(Level.values()).map(l -> l.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .collect(Collectors.joining(", "));
        }
    }

    /** A positive number of bytes, optionally with a k, m or g suffix (powers of 1024). */
    static final class ByteCount implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String text = value.trim().toLowerCase(Locale.ROOT);
            long unit = 1;
            if (text.endsWith("k")) unit = 1024;
            else if (text.endsWith("m")) unit = 1024L * 1024;
            else if (text.endsWith("g")) unit = 1024L * 1024 * 1024;
            String digits = unit == 1 ? text : text.substring(0, text.length() - 1);
            try {
                long bytes = Math.multiplyExact(Long.parseLong(digits), unit);
                if (bytes < 1) throw new NumberFormatException();
                return bytes;
            } catch (NumberFormatException | ArithmeticException e) {
                throw new TypeConversionException("'" + value + "' is not a positive number of bytes (e.g. 1048576, 512k, 64m)");
            }
        }
    }

    /** {@code RULE:SUBJECT_GLOB:REASON}; the reason may itself contain colons. */
    static final class Ignore implements ITypeConverter<Waiver> {
        static final String FORM = "RULE:SUBJECT_GLOB:REASON, e.g. field-removed:bank.account.*:agreed with the ledger team";

        @Override
        public Waiver convert(String value) {
            String[] parts = value.split(":", 3);
            if (parts.length < 3) {
                throw new TypeConversionException("'" + value + "' is not " + FORM);
            }
            String rule = parts[0].trim();
            if (!rule.equals("*") && Rule.byId(rule).isEmpty()) {
                throw new TypeConversionException("unknown rule '" + rule + "' (use * for any rule; the rule ids are "
                        + Arrays.stream(Rule.values()).map(Rule::id).collect(Collectors.joining(", ")) + ")");
            }
            String reason = parts[2].trim();
            if (reason.isEmpty()) {
                throw new TypeConversionException("'" + value + "' has no reason; a waiver must say why: " + FORM);
            }
            String glob = parts[1].trim();
            return new Waiver(rule, glob.isEmpty() ? null : glob, null, reason);
        }
    }
}
