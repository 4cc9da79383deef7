package dev.wowcompat.access;

import dev.wowcompat.names.NameForms;
import dev.wowcompat.text.Counts;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The principals a registry knows (docs/deployment.md, "Who may write"): those holding a bearer token, known by the
 * token's SHA-256 only, and the OIDC entries that map a verified JWT's claims to grants. A presented token's digest
 * is compared with every known digest with {@link MessageDigest#isEqual} (constant time, no early exit), so neither
 * timing nor a heap dump tells a token.
 */
public final class Principals {
    /** A principals-file entry for CI identities: a JWT whose claims hold every {@code match} pair gets its grants. */
    public record OidcEntry(String name, Map<String, String> match, List<Grant> grants) {
        public OidcEntry {
            match = Map.copyOf(match);
            grants = List.copyOf(grants);
        }

        boolean matches(Map<String, Object> claims) {
            for (Map.Entry<String, String> m : match.entrySet()) {
                // A string, never a list: ["refs/heads/x", "refs/heads/main"] would otherwise match a main-only entry.
                if (!(claims.get(m.getKey()) instanceof String value) || !value.equals(m.getValue())) return false;
            }
            return true;
        }

        Principal principal() {
            return new Principal(name, grants);
        }
    }

    private record Holder(byte[] digest, Principal principal) {}

    private static final Pattern DIGEST = Pattern.compile("[0-9a-fA-F]{64}");

    private final List<Holder> holders;
    private final List<OidcEntry> oidc;
    private final int fromTokens;

    private Principals(List<Holder> holders, List<OidcEntry> oidc, int fromTokens) {
        this.holders = List.copyOf(holders);
        this.oidc = List.copyOf(oidc);
        this.fromTokens = fromTokens;
    }

    /** Nobody: writes are open (a registry on a developer's machine). */
    public static Principals none() {
        return new Principals(List.of(), List.of(), 0);
    }

    /**
     * The tokens of {@code --tokens} or {@code WOW_COMPAT_TOKENS}: each one a principal with {@code admin}, named
     * {@code token-} and the first 8 hex digits of its digest (stable across restarts, tells nothing of the token).
     */
    public static Principals ofTokenDigests(List<byte[]> digests) {
        List<Holder> holders = new ArrayList<>();
        for (byte[] d : digests) {
            if (holders.stream().noneMatch(h -> MessageDigest.isEqual(h.digest, d))) {
                holders.add(new Holder(d, new Principal("token-" + HexFormat.of().formatHex(d, 0, 4), List.of(Grant.ADMIN))));
            }
        }
        return new Principals(holders, List.of(), holders.size());
    }

    /** These principals and {@code other}'s; a token both know is refused, as a repeated digest in a file is. */
    public Principals and(Principals other, String source) throws InvalidInputException {
        List<Holder> all = new ArrayList<>(holders);
        for (Holder h : other.holders) {
            for (Holder known : all) {
                if (MessageDigest.isEqual(known.digest, h.digest)) {
                    throw problem(source, "a token of --tokens or WOW_COMPAT_TOKENS is also the token of principal \""
                            + known.principal.name() + "\"; give each token one principal");
                }
            }
            all.add(h);
        }
        return new Principals(all, concat(oidc, other.oidc), fromTokens + other.fromTokens);
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** Whether writes need a principal: some token or OIDC entry is known. */
    public boolean required() {
        return !holders.isEmpty() || !oidc.isEmpty();
    }

    /** How many principals come from {@code --tokens} or {@code WOW_COMPAT_TOKENS} (each one may write everything). */
    public int fromTokens() {
        return fromTokens;
    }

    /** Whether some principal is known by a token's digest (not only by OIDC claims). */
    public boolean holdsTokenDigests() {
        return !holders.isEmpty();
    }

    public List<OidcEntry> oidc() {
        return oidc;
    }

    /** The principal holding this token, compared with every known digest in constant time. */
    public Optional<Principal> byToken(String token) {
        byte[] presented = digest(token);
        Principal found = null;
        for (Holder h : holders) {
            if (MessageDigest.isEqual(h.digest, presented) && found == null) found = h.principal;
        }
        return Optional.ofNullable(found);
    }

    /** The first OIDC entry whose every {@code match} pair the verified claims hold. */
    public Optional<Principal> byClaims(Map<String, Object> claims) {
        return oidc.stream().filter(e -> e.matches(claims)).findFirst().map(OidcEntry::principal);
    }

    /** A token's SHA-256, what a principal is known by. */
    public static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    @Override
    public String toString() {
        return Counts.of(holders.size(), "token") + (oidc.isEmpty() ? "" : ", " + Counts.of(oidc.size(), "OIDC entry", "OIDC entries"));
    }

    // ---- the principals file

    /**
     * Reads a principals file: {@code {"principals": [{"name", "tokenSha256", "grants"}], "oidc": [{"name", "match",
     * "grants"}]}}. Anything else (bad JSON, an unknown member, a grant that does not exist, a repeated name or
     * digest) is refused with one sentence naming the file's line.
     */
    public static Principals fromFile(Path file) throws InvalidInputException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException(new InputProblem(file.toString(), "", "wow-compat.input.unreadable",
                    "cannot read the principals file: " + (e instanceof java.nio.file.NoSuchFileException ? "there is no such file"
                            : "it is not a readable file")));
        }
        return new FileReader(file.toString(), text).read();
    }

    private static InvalidInputException problem(String source, String sentence) {
        return new InvalidInputException(new InputProblem(source, "", "wow-compat.serve.bad-principals", sentence));
    }

    /** One read of one file: the tree, and the line of every value in it (by JSON pointer) for the refusals. */
    private static final class FileReader {
        private final String source;
        private final String text;
        private JsonNode tree;
        private final Map<String, Integer> lines = new HashMap<>();

        FileReader(String source, String text) {
            this.source = source;
            this.text = text;
        }

        Principals read() throws InvalidInputException {
            JsonNode root;
            JsonFactory factory = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
            try (JsonParser p = factory.createParser(text)) {
                // Jackson knows where each token starts; the tree does not, so note it by pointer first.
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY && t != JsonToken.FIELD_NAME) {
                        lines.putIfAbsent(p.getParsingContext().pathAsPointer().toString(), p.currentTokenLocation().getLineNr());
                    }
                }
                root = new ObjectMapper(factory).readTree(text);
                tree = root;
            } catch (JsonProcessingException e) {
                String why = e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Duplicate field")
                        ? "a member is repeated" : "this is not valid JSON";
                throw problem(source, "line " + e.getLocation().getLineNr() + ": " + why
                        + "; a principals file is {\"principals\": [...], \"oidc\": [...]} (docs/deployment.md, \"Who may write\")");
            } catch (IOException e) {
                throw problem(source, "cannot read " + source + " as JSON");
            }
            if (root == null || !root.isObject()) throw at("", "the file must hold one JSON object with \"principals\" and \"oidc\"");
            members(root, "", Set.of("principals", "oidc"));
            List<Holder> holders = new ArrayList<>();
            List<OidcEntry> oidc = new ArrayList<>();
            Map<String, String> names = new HashMap<>();
            JsonNode principals = root.path("principals");
            if (!principals.isMissingNode()) {
                if (!principals.isArray()) throw at("/principals", "\"principals\" must be a list");
                for (int i = 0; i < principals.size(); i++) {
                    String at = "/principals/" + i;
                    JsonNode p = principals.get(i);
                    if (!p.isObject()) throw at(at, "each principal is an object with \"name\", \"tokenSha256\" and \"grants\"");
                    members(p, at, Set.of("name", "tokenSha256", "grants"));
                    String name = name(p, at, names);
                    JsonNode digest = p.path("tokenSha256");
                    if (!digest.isTextual() || !DIGEST.matcher(digest.asText()).matches()) {
                        throw at(digest.isMissingNode() ? at : at + "/tokenSha256", "principal \"" + name + "\" needs \"tokenSha256\": "
                                + "the 64 hex digits of its token's SHA-256 (never the token itself)");
                    }
                    byte[] d = HexFormat.of().parseHex(digest.asText().toLowerCase(java.util.Locale.ROOT));
                    for (Holder h : holders) {
                        if (MessageDigest.isEqual(h.digest, d)) {
                            throw at(at + "/tokenSha256", "principal \"" + name + "\" has the same token digest as \"" + h.principal.name() + "\"");
                        }
                    }
                    holders.add(new Holder(d, new Principal(name, grants(p, at, name))));
                }
            }
            JsonNode entries = root.path("oidc");
            if (!entries.isMissingNode()) {
                if (!entries.isArray()) throw at("/oidc", "\"oidc\" must be a list");
                for (int i = 0; i < entries.size(); i++) {
                    String at = "/oidc/" + i;
                    JsonNode e = entries.get(i);
                    if (!e.isObject()) throw at(at, "each oidc entry is an object with \"name\", \"match\" and \"grants\"");
                    members(e, at, Set.of("name", "match", "grants"));
                    String name = name(e, at, names);
                    JsonNode match = e.path("match");
                    if (!match.isObject() || match.isEmpty()) {
                        throw at(match.isMissingNode() ? at : at + "/match", "oidc entry \"" + name + "\" needs \"match\": the claims "
                                + "a token must carry, e.g. {\"repository\": \"acme/bank-service\"} (an empty match would take every token)");
                    }
                    Map<String, String> pairs = new LinkedHashMap<>();
                    for (Iterator<Map.Entry<String, JsonNode>> it = match.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> m = it.next();
                        if (!m.getValue().isTextual()) {
                            throw at(at + "/match/" + m.getKey(), "the claim \"" + m.getKey() + "\" of oidc entry \"" + name + "\" must be matched by a string");
                        }
                        pairs.put(m.getKey(), m.getValue().asText());
                    }
                    oidc.add(new OidcEntry(name, pairs, grants(e, at, name)));
                }
            }
            if (holders.isEmpty() && oidc.isEmpty()) throw at("", "the file names no principal and no oidc entry; writes would be open to anyone");
            return new Principals(holders, oidc, 0);
        }

        private String name(JsonNode entry, String at, Map<String, String> names) throws InvalidInputException {
            JsonNode name = entry.path("name");
            if (!name.isTextual() || !NameForms.isPrincipal(name.asText())) {
                String why = name.isTextual() ? NameForms.principalProblem(name.asText()) : null;
                throw at(name.isMissingNode() ? at : at + "/name", "\"name\" must be " + NameForms.PRINCIPAL_FORM
                        + (why == null ? "" : "; this one " + why));
            }
            // Names differing only in case are one name to a reader of the write log.
            String previous = names.putIfAbsent(name.asText().toLowerCase(java.util.Locale.ROOT), at);
            if (previous != null) {
                String first = tree.at(previous).path("name").asText();
                throw at(at + "/name", "the name \"" + name.asText() + "\" is given twice (first on line " + lines.get(previous + "/name")
                        + (first.equals(name.asText()) ? ")" : ", as \"" + first + "\": names differing only in case are one name)"));
            }
            return name.asText();
        }

        private List<Grant> grants(JsonNode entry, String at, String name) throws InvalidInputException {
            JsonNode grants = entry.path("grants");
            if (!grants.isArray() || grants.isEmpty()) {
                throw at(grants.isMissingNode() ? at : at + "/grants", "\"" + name + "\" needs \"grants\": a list of " + Grant.FORMS);
            }
            List<Grant> out = new ArrayList<>();
            for (int i = 0; i < grants.size(); i++) {
                JsonNode g = grants.get(i);
                Optional<Grant> grant = g.isTextual() ? Grant.parse(g.asText()) : Optional.empty();
                if (grant.isEmpty()) {
                    throw at(at + "/grants/" + i, "\"" + (g.isTextual() ? g.asText() : g.toString()) + "\" of \"" + name
                            + "\" is not a grant; the grants are " + Grant.FORMS);
                }
                out.add(grant.get());
            }
            return out;
        }

        private void members(JsonNode object, String at, Set<String> known) throws InvalidInputException {
            for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
                String member = it.next();
                if (!known.contains(member)) {
                    throw at(at + "/" + member, "\"" + member + "\" is not a member here; expected " + String.join(", ", new java.util.TreeSet<>(known)));
                }
            }
        }

        private InvalidInputException at(String pointer, String sentence) {
            Integer line = lines.get(pointer);
            return problem(source, "line " + (line == null ? 1 : line) + ": " + sentence);
        }
    }
}
