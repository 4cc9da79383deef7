package dev.wowcompat.generator;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Wow's naming convention: a class is named by its @Name (inherited, as Wow's is), else its simple name in snake_case. */
final class Naming {
    private Naming() {
    }

    static String wowName(Class<?> type) {
        Optional<Annotation> name = ByName.find(type, ByName.NAME);
        if (name.isPresent()) {
            String value = ByName.string(name.get(), "value", type.getName());
            if (!value.isBlank()) {
                return value;
            }
        }
        return snake(type.getSimpleName());
    }

    /**
     * Wow's own conversion (wow-core's {@code NamingConverter.PASCAL_TO_SNAKE}: the name is split before every
     * ASCII capital and the pieces are lower-cased and joined by {@code _}), so that the Manifest names a type as
     * Wow names it on the wire: {@code BankAccount -> bank_account}, {@code URLChanged -> u_r_l_changed},
     * {@code Order2Paid -> order2_paid}.
     */
    static String snake(String name) {
        StringBuilder snake = new StringBuilder(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                if (i > 0) {
                    snake.append('_');
                }
                snake.append((char) (c + ('a' - 'A')));
            } else {
                snake.append(String.valueOf(c).toLowerCase(Locale.ROOT));
            }
        }
        return snake.toString();
    }

    /** {@code InsufficientBalance}, {@code INSUFFICIENT_BALANCE}, {@code insufficient.balance -> insufficient-balance}. */
    static String kebab(String code) {
        return String.join("-", words(code));
    }

    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(words, word);
                continue;
            }
            boolean upper = Character.isUpperCase(c);
            if (upper && word.length() > 0) {
                char previous = text.charAt(i - 1);
                boolean nextLower = i + 1 < text.length() && Character.isLowerCase(text.charAt(i + 1));
                if (Character.isLowerCase(previous) || Character.isDigit(previous)
                        || (Character.isUpperCase(previous) && nextLower)) {
                    flush(words, word);
                }
            }
            word.append(Character.toLowerCase(c));
        }
        flush(words, word);
        return words;
    }

    private static void flush(List<String> words, StringBuilder word) {
        if (word.length() > 0) {
            words.add(word.toString().toLowerCase(Locale.ROOT));
            word.setLength(0);
        }
    }
}
