package reactor.core.publisher;

/** Stand-in for Reactor's Mono: the generator unwraps it by name. */
public final class Mono<T> {
    private final T value;

    private Mono(T value) {
        this.value = value;
    }

    public static <T> Mono<T> just(T value) {
        return new Mono<>(value);
    }

    public T block() {
        return value;
    }
}
