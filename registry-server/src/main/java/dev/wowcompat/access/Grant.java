package dev.wowcompat.access;

import dev.wowcompat.names.NameForms;
import java.util.Optional;

/**
 * One thing a principal may do (docs/deployment.md, "Who may write"): {@code publish:NAME} (a service or a plain
 * subject of the Confluent-compatible API; a trailing {@code *} matches a prefix), {@code deploy:ENV},
 * {@code deploy:ENV:SERVICE}, {@code observe:ENV}, {@code read} or {@code admin}. The same record is what a request
 * needs, with concrete names: {@link #covers} says whether a held grant answers a needed one.
 *
 * <p>A publish grant names a name, not a kind of thing (docs/decisions.md, "Confluent's API"): a
 * service's releases and a plain subject's versions are both written under their name, and a plain subject may not
 * take a service's name, so {@code publish:orders-value} is whatever holds that name and a name that is no service's
 * form ({@code publish:com.acme.Order}) can only ever be a subject's.
 *
 * @param environment the environment of {@code deploy} and {@code observe}, else null
 * @param service the name (or prefix pattern ending in {@code *}) of {@code publish} and the service of
 *     {@code deploy:ENV:SERVICE}, else null
 */
public record Grant(Kind kind, String environment, String service) {
    public enum Kind {
        PUBLISH("publish"), DEPLOY("deploy"), OBSERVE("observe"), READ("read"), ADMIN("admin");

        private final String word;

        Kind(String word) {
            this.word = word;
        }
    }

    /** The grants' forms, as a refusal quotes them. */
    public static final String FORMS = "publish:SERVICE, publish:SUBJECT, publish:PREFIX*, deploy:ENV, deploy:ENV:SERVICE, observe:ENV, read, admin";


    public static final Grant ADMIN = new Grant(Kind.ADMIN, null, null);
    public static final Grant READ = new Grant(Kind.READ, null, null);

    public static Grant publish(String service) {
        return new Grant(Kind.PUBLISH, null, service);
    }

    public static Grant deploy(String environment, String service) {
        return new Grant(Kind.DEPLOY, environment, service);
    }

    public static Grant observe(String environment) {
        return new Grant(Kind.OBSERVE, environment, null);
    }

    /** The grant a text names, or empty when it names none of {@link #FORMS}. */
    public static Optional<Grant> parse(String text) {
        String[] parts = text.split(":", -1);
        Grant g = switch (parts[0]) {
            case "admin" -> parts.length == 1 ? ADMIN : null;
            case "read" -> parts.length == 1 ? READ : null;
            case "publish" -> parts.length == 2 && isPublishedNameOrPrefix(parts[1]) ? publish(parts[1]) : null;
            case "observe" -> parts.length == 2 && NameForms.isEnvironment(parts[1]) ? observe(parts[1]) : null;
            case "deploy" -> parts.length == 2 && NameForms.isEnvironment(parts[1]) ? deploy(parts[1], null)
                    : parts.length == 3 && NameForms.isEnvironment(parts[1]) && isServiceOrPrefix(parts[2])
                    ? deploy(parts[1], parts[2]) : null;
            default -> null;
        };
        return Optional.ofNullable(g);
    }

    /**
     * {@code *}, a service's or a plain subject's name ({@link NameForms#isSubject}: its form holds every service name),
     * or a prefix of one ending in {@code *}. A text outside a service's form names a subject, which grants less,
     * never more: a typo such as {@code publish:Bank_Service} shows as a 403 naming the grant the write lacks.
     */
    private static boolean isPublishedNameOrPrefix(String text) {
        if (text.equals("*")) return true;
        return NameForms.isSubject(text.endsWith("*") ? text.substring(0, text.length() - 1) : text);
    }

    /**
     * A service name, {@code *}, or a prefix ending in {@code *} that some service name starts with (the registry's
     * names, {@link NameForms}): a grant that no service could ever match is a typo, refused when the file is read.
     */
    private static boolean isServiceOrPrefix(String text) {
        if (text.equals("*")) return true;
        if (!text.endsWith("*")) return NameForms.isService(text);
        String prefix = text.substring(0, text.length() - 1);
        return NameForms.isService(prefix) || NameForms.isService(prefix + "a");
    }

    /** Whether holding this grant allows what {@code needed} names (a concrete grant, no pattern). */
    public boolean covers(Grant needed) {
        if (kind == Kind.ADMIN) return true;
        if (kind != needed.kind) return false;
        return switch (kind) {
            case PUBLISH -> matches(service, needed.service);
            case DEPLOY -> environment.equals(needed.environment) && (service == null || matches(service, needed.service));
            case OBSERVE -> environment.equals(needed.environment);
            case READ -> true;
            case ADMIN -> true;
        };
    }

    private static boolean matches(String pattern, String service) {
        if (service == null) return false;
        return pattern.endsWith("*") ? service.startsWith(pattern.substring(0, pattern.length() - 1)) : pattern.equals(service);
    }

    /** As written in a principals file, e.g. {@code deploy:staging:bank-service}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(kind.word);
        if (environment != null) s.append(':').append(environment);
        if (service != null) s.append(':').append(service);
        return s.toString();
    }
}
