package dev.wowcompat.serve;

import dev.wowcompat.text.Sizes;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The one converter of every size option ({@code --max-bytes}, {@code --max-record-bytes}, ...): {@code 10m},
 * {@code 64k}, {@code 1g} or plain bytes, as {@link Sizes} reads them (docs/cli.md, "Sizes"). It lives beside
 * {@code serve}, the lowest module with a command line, so that the launcher's commands and the server's share it.
 */
public final class SizeConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return Sizes.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
