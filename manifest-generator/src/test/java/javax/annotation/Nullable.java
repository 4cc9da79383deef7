package javax.annotation;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** Stand-in for a @Nullable annotation (the generator recognises any annotation named Nullable). */
@Retention(RetentionPolicy.RUNTIME)
public @interface Nullable {
}
