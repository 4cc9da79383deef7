package dev.wowcompat.generator;

/** An annotation attribute whose value is not of the type the generator reads; the message names the class. */
final class WrongAnnotationValue extends RuntimeException {
    WrongAnnotationValue(String sentence) {
        super(sentence, null, false, false);
    }
}
