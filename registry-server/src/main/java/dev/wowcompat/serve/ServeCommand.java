package dev.wowcompat.serve;

import dev.wowcompat.access.Access;
import dev.wowcompat.access.OidcVerifier;
import dev.wowcompat.access.Principals;
import dev.wowcompat.api.DemoReleases;
import dev.wowcompat.api.Guards;
import dev.wowcompat.api.RegistryServer;
import dev.wowcompat.api.Registration;
import dev.wowcompat.api.Tokens;
import dev.wowcompat.manifest.InputLimits;
import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.store.RegistryStore;
import dev.wowcompat.text.Counts;
import dev.wowcompat.text.Sizes;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import sun.misc.Signal;

/**
 * {@code wow-compat serve}: the registry (HTTP API and web page) on a SQLite file, or on PostgreSQL (any number of
 * nodes sharing one database), until the process is stopped.
 *
 * <p>The server's own entry point: its options are the server's, so they live beside it, and the one launcher
 * ({@code wow-compat-cli}'s {@code WowCompat}) adds this class as its {@code serve} subcommand. Bad options are thrown
 * as {@link InvalidInputException}, which the launcher turns into exit 2 and one sentence (docs/decisions.md, "The
 * map of the code").
 */
@Command(name = "serve", sortOptions = false,
        header = "Run the registry: HTTP API and web page.",
        description = {"Writes need a bearer token when principals or tokens are configured (--principals FILE; or "
                + "--tokens FILE, one per line, or the environment variable " + Tokens.ENVIRONMENT_VARIABLE + ", each "
                + "token an admin). Stop it with Ctrl-C or SIGTERM."})
public final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    // As the launcher's HelpOption mixin (package-private to the CLI): -h/--help only, since --version is the
    // tool's, not a subcommand's (docs/decisions.md, "The command line's slips").
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--port", paramLabel = "PORT", description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port = 8081;

    @Option(names = "--host", paramLabel = "ADDRESS", description = "Address to listen on (default: ${DEFAULT-VALUE}: this machine only).")
    String host = "127.0.0.1";

    @Option(names = "--db", paramLabel = "FILE|URL", description = {
            "The SQLite database, created when missing (default: ${DEFAULT-VALUE}), or jdbc:postgresql://HOST:PORT/DB "
                    + "(several nodes may share it; credentials from " + Database.USER_VARIABLE + " and "
                    + Database.PASSWORD_VARIABLE + ", or --db-credentials)."})
    String db = Path.of("data", "registry.db").toString();

    @Option(names = "--db-credentials", paramLabel = "FILE", description = "PostgreSQL credentials: a file with user=... and password=... lines.")
    Path dbCredentials;

    @Option(names = "--demo", description = "Register the bundled example releases (bank-service, courtyard, standing-orders) "
            + "on start, and record what runs in staging and production where nothing was deployed yet.")
    boolean demo;

    @Option(names = "--tokens", paramLabel = "FILE", description = "Bearer tokens that may write, one per line.")
    Path tokensFile;

    @Option(names = "--principals", paramLabel = "FILE", description = "Who may write what: a JSON file of principals "
            + "(each a token's SHA-256 and its grants) and OIDC entries (docs/deployment.md, \"Who may write\").")
    Path principalsFile;

    @Option(names = "--oidc-issuer", paramLabel = "ISS", description = "Accept JWTs of this issuer (e.g. https://token.actions.githubusercontent.com), "
            + "mapped to grants by the principals file's oidc list.")
    String oidcIssuer;

    @Option(names = "--oidc-audience", paramLabel = "AUD", description = "The audience those JWTs must name.")
    String oidcAudience;

    @Option(names = "--oidc-jwks", paramLabel = "URL", description = "The issuer's keys: an https:, http: or file: URL of its JWKS.")
    String oidcJwks;

    @Option(names = "--oidc-max-lifetime", paramLabel = "DURATION", converter = LifetimeConverter.class,
            description = "The longest lifetime (exp - iat) a JWT may have: 10m, 12h, 1d (default: 1d). A longer-lived token is refused.")
    java.time.Duration oidcMaxLifetime;

    @Option(names = "--reads-need-token", description = "Reads need a principal with the read grant too (/health and /ready stay open).")
    boolean readsNeedToken;

    @Option(names = "--max-bytes", paramLabel = "N", converter = SizeConverter.class,
            description = "Largest request body accepted: 10m, 64k or bytes, at most 256m (default: 16m).")
    long maxBytes = 16L * 1024 * 1024;

    @Option(names = "--max-expensive", paramLabel = "N", description = "Expensive requests (register, check, validate, "
            + "verify) running at once in all; more are answered 503 (default: 2 per core, at least 4).")
    Integer maxExpensive;

    @Option(names = "--max-expensive-per-client", paramLabel = "N", description = "Expensive requests running at once "
            + "per client address; more are answered 429. Raise it behind a proxy, where every client has its address (default: ${DEFAULT-VALUE}).")
    int maxExpensivePerClient = Guards.defaults().expensivePerClient();

    @Option(names = "--write-log-rows", paramLabel = "N", description = "Rows the write log keeps; the oldest past them are "
            + "deleted (default: ${DEFAULT-VALUE}).")
    int writeLogRows = Guards.DEFAULT_WRITE_LOG_ROWS;

    @Option(names = "--metrics-need-token", description = "GET /metrics needs a bearer token too (tokens must be configured).")
    boolean metricsNeedToken;

    @Option(names = "--allowed-hosts", paramLabel = "NAME", split = ",", description = "Names besides 127.0.0.1, localhost "
            + "and [::1] that requests may be addressed to (their Host) when listening on a loopback address; others are answered 421.")
    java.util.List<String> allowedHosts = new java.util.ArrayList<>();

    @Option(names = "--open-writes", description = "Listen on an address other than loopback without tokens: anyone who "
            + "reaches it may write. Without it, such a start is refused.")
    boolean openWrites;

    @Override
    public Integer call() throws Exception {
        try {
            return run();
        } catch (InvalidInputException e) {
            throw inOneStyle(e);
        }
    }

    /**
     * Every refusal of serve as one line starting {@code wow-compat serve:}, as its usage slips do, whatever it is
     * about (an option, a file, the database): one style for all its lines (docs/cli.md, "serve").
     */
    private InvalidInputException inOneStyle(InvalidInputException e) {
        String command = spec.qualifiedName();
        return new InvalidInputException(e.problems().stream()
                .map(p -> p.source().equals(command) ? p
                        : new InputProblem(command, "", p.code(), p.line()))
                .toList());
    }

    private Integer run() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Access access = access(tokens(), err);
        RegistryServer.Config config = config(access).withAllowedHosts(allowedHosts);
        boolean loopback = RegistryServer.isLoopback(host);
        if (!loopback && !config.hasWriters() && !openWrites) {
            if (!RegistryServer.isAddressOfThisMachine(host)) {
                // The mistyped address is the mistake to name: with a right one, the open-writes refusal below follows.
                throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.cannot-listen",
                        "cannot listen on " + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + ": " + RegistryServer.notAnAddressHere(host)));
            }
            throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.open-writes",
                    host + " is not a loopback address and writes need no token, so anyone who reaches it could write: "
                            + "give --principals FILE or --tokens FILE (or " + Tokens.ENVIRONMENT_VARIABLE + "), or --open-writes if that is meant"));
        }
        PrintWriter out = spec.commandLine().getOut();
        CountDownLatch stopRequested = new CountDownLatch(1);
        for (String signal : new String[] {"TERM", "INT"}) {
            // Handling the signal ourselves (instead of a shutdown hook) lets the process finish its requests,
            // close the database and exit 0: a stop that was asked for is not a failure.
            Signal.handle(new Signal(signal), s -> stopRequested.countDown());
        }
        RegistryStore store = Database.open("--db", db, dbCredentials, System.getenv());
        RegistryServer server;
        try {
            server = RegistryServer.start(store, config);
        } catch (RegistryServer.CannotListen e) {
            store.close();
            if (e.inUse()) {
                throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.address-in-use",
                        e.address() + " is already in use: stop what runs there, or choose another --port"));
            }
            throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.cannot-listen",
                    "cannot listen on " + e.address() + ": " + e.getMessage()));
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        try {
            DemoReleases.Outcome loaded = null;
            if (demo) {
                loaded = DemoReleases.load(server.registration(), store, spec.commandLine().getErr());
                loaded.summary().forEach(out::println);
            }
            server.markReady();
            if (access.principals().fromTokens() > 0) {
                out.println("note: the " + Counts.of(access.principals().fromTokens(), "token") + " of --tokens or " + Tokens.ENVIRONMENT_VARIABLE
                        + " may write everything (admin); give each writer its own grants with --principals");
            }
            String shownHost = host.equals("0.0.0.0") ? "127.0.0.1" : host;
            out.println("wow-compat registry listening on " + server.url(shownHost)
                    + " (database " + store + ", " + (access.required() ? access.principals() + " required to write"
                            : !loopback ? "writes open to anyone who reaches it: --open-writes" : "writes open") + ")");
            out.println("Open " + server.url(shownHost) + " in a browser; stop with Ctrl-C.");
            if (loaded != null && !loaded.deployed().isEmpty()) {
                for (DemoReleases.FirstPage page : DemoReleases.FIRST_PAGES) {
                    out.println("  " + server.url(shownHost) + page.path() + "  " + page.shows());
                }
            }
            out.flush();
            stopRequested.await();
            out.println("stopping: finishing requests in flight");
            out.flush();
        } finally {
            server.close();
            store.close();
        }
        out.println("stopped");
        out.flush();
        return 0; // a stop that was asked for
    }

    /** The principals of --principals and of the tokens, the OIDC verifier, and whether reads need a token. */
    private Access access(Tokens tokens, PrintWriter err) throws InvalidInputException {
        Principals principals = tokens.principals();
        if (tokensFile != null) SecretFiles.warning(tokensFile, "tokens").ifPresent(err::println);
        if (principalsFile != null) {
            Principals fromFile = Principals.fromFile(principalsFile);
            SecretFiles.warning(principalsFile, fromFile.holdsTokenDigests() ? "token digests" : null).ifPresent(err::println);
            principals = fromFile.and(principals, principalsFile.toString());
        }
        err.flush();
        boolean anyOidc = oidcIssuer != null || oidcAudience != null || oidcJwks != null;
        if (anyOidc && (oidcIssuer == null || oidcAudience == null || oidcJwks == null)) {
            throw usage("--oidc-issuer, --oidc-audience and --oidc-jwks go together: give all three");
        }
        if (anyOidc && principals.oidc().isEmpty()) {
            throw usage("OIDC tokens need the oidc list of a --principals file, which maps their claims to grants");
        }
        if (!anyOidc && !principals.oidc().isEmpty()) {
            throw usage("the principals file has an oidc list, but no --oidc-issuer, --oidc-audience and --oidc-jwks are given");
        }
        OidcVerifier oidc = null;
        if (anyOidc) {
            try {
                oidc = OidcVerifier.of(oidcIssuer, oidcAudience, oidcJwks,
                        oidcMaxLifetime == null ? OidcVerifier.DEFAULT_MAX_LIFETIME : oidcMaxLifetime);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
            // Read now, so that a weak key stops the start rather than waiting for the first token to be refused.
            OidcVerifier.KeysRead read = oidc.readKeys();
            if (!read.weak().isEmpty()) {
                throw new InvalidInputException(new InputProblem("--oidc-jwks", "", "wow-compat.serve.weak-key", "the JWKS at " + read.url()
                        + " holds RSA keys under " + OidcVerifier.MIN_RSA_BITS + " bits (" + String.join(", ", read.weak())
                        + "), which can be broken: have the issuer publish keys of 2048 bits or more"));
            }
            if (!read.readable()) {
                err.println("note: the JWKS at " + read.url() + " cannot be read now; a JWT arriving a minute or more from now reads it again");
                err.flush();
            }
        } else if (oidcMaxLifetime != null) {
            throw usage("--oidc-max-lifetime is for OIDC tokens: give it with --oidc-issuer, --oidc-audience and --oidc-jwks");
        }
        if (readsNeedToken && !principals.required()) {
            throw usage("--reads-need-token needs principals (--principals FILE, --tokens FILE or " + Tokens.ENVIRONMENT_VARIABLE + ")");
        }
        return new Access(principals, oidc, readsNeedToken);
    }

    private InvalidInputException usage(String sentence) {
        return new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.bad-access", sentence));
    }

    private RegistryServer.Config config(Access access) throws InvalidInputException {
        if (port < 0 || port > 65_535) {
            // Java's own words here were "port out of range:99999", reported as an internal error.
            throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.bad-port",
                    "--port " + port + " is not a port: give a number from 0 to 65535 (0 picks a free one)"));
        }
        if (maxBytes < 1 || maxBytes > Guards.MAX_BODY_CEILING) {
            throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.bad-limit",
                    "--max-bytes " + Counts.number(maxBytes) + " is too large: give at most " + Sizes.show(Guards.MAX_BODY_CEILING)));
        }
        if (metricsNeedToken && !access.required()) {
            throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.no-tokens",
                    "--metrics-need-token needs tokens (--principals FILE, --tokens FILE or " + Tokens.ENVIRONMENT_VARIABLE + ")"));
        }
        if (writeLogRows < 1_000) {
            throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.bad-limit",
                    "--write-log-rows " + writeLogRows + " is too small: give at least 1000, so that the writes of the last hours stay readable"));
        }
        if ((maxExpensive != null && maxExpensive < 1) || maxExpensivePerClient < 1) {
            throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.serve.bad-limit",
                    "--max-expensive and --max-expensive-per-client must be at least 1"));
        }
        Guards defaults = Guards.defaults();
        Guards guards = defaults.withMetricsNeedToken(metricsNeedToken).withWriteLogRows(writeLogRows)
                .withExpensive(maxExpensive == null ? defaults.expensiveAtOnce() : maxExpensive, maxExpensivePerClient);
        return new RegistryServer.Config(host, port, access,
                InputLimits.defaults().withMaxBytes(maxBytes).withMaxTokens(InputLimits.SERVER_MAX_TOKENS), Registration.defaultCachedBytes(), guards);
    }

    private Tokens tokens() throws InvalidInputException {
        if (tokensFile != null) {
            try {
                Tokens t = Tokens.fromFile(tokensFile);
                if (!t.required()) {
                    throw new InvalidInputException(new InputProblem(tokensFile.toString(), "", "wow-compat.serve.no-tokens",
                            "the tokens file holds no token; writes would be open to anyone"));
                }
                return t;
            } catch (IOException e) {
                // The JDK's message is the path alone: say what is wrong with the file, and what it should hold.
                String why = e instanceof java.nio.file.NoSuchFileException ? "there is no such file"
                        : java.nio.file.Files.isDirectory(tokensFile) ? "it is a directory"
                        : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                        : e instanceof java.nio.charset.CharacterCodingException ? "it is not UTF-8 text" : "it is not a readable file";
                throw new InvalidInputException(new InputProblem(spec.qualifiedName(), "", "wow-compat.input.unreadable",
                        "cannot read the tokens file " + tokensFile + " (--tokens): " + why + "; give a text file with one token per line"));
            }
        }
        String fromEnvironment = System.getenv(Tokens.ENVIRONMENT_VARIABLE);
        Tokens t = Tokens.fromEnvironmentValue(fromEnvironment);
        if (fromEnvironment != null && !t.required()) {
            // Set but blank is a mistake (an unset secret, an empty template): refuse, as for an empty file.
            throw new InvalidInputException(new InputProblem(Tokens.ENVIRONMENT_VARIABLE, "", "wow-compat.serve.no-tokens",
                    Tokens.ENVIRONMENT_VARIABLE + " is set but holds no token; writes would be open to anyone (unset it to run without tokens)"));
        }
        return t;
    }
}
