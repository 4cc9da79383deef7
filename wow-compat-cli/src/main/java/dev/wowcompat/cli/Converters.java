package dev.wowcompat.cli;

import dev.wowcompat.gate.Gate;
import dev.wowcompat.json.SchemaDialect;
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

    static final class DialectName implements ITypeConverter<SchemaDialect> {
        @Override
        public SchemaDialect convert(String value) {
            return SchemaDialect.fromName(value).orElseThrow(() -> new TypeConversionException(
                    "unknown draft '" + value + "'; expected one of " + SchemaDialect.names()));
        }
    }

    /** {@code RULE:SUBJECT_GLOB:REASON} or {@code FINDING_ID:REASON}; the reason may itself contain colons. */
    static final class Ignore implements ITypeConverter<Waiver> {
        @Override
        public Waiver convert(String value) {
            try {
                return Waiver.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A positive duration: 30s, 2m, 500ms, PT1M. */
    static final class Timeout implements ITypeConverter<java.time.Duration> {
        @Override
        public java.time.Duration convert(String value) {
            try {
                return dev.wowcompat.audit.Durations.positive(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class FailOn implements ITypeConverter<Gate.FailOn> {
        @Override
        public Gate.FailOn convert(String value) {
            try {
                return Gate.FailOn.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Changes implements ITypeConverter<Gate.Changes> {
        @Override
        public Gate.Changes convert(String value) {
            try {
                return Gate.Changes.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
