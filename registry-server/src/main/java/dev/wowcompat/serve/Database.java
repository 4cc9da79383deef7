package dev.wowcompat.serve;

import dev.wowcompat.manifest.InputProblem;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.store.JdbcRegistryStore;
import dev.wowcompat.store.PostgresTransactions;
import dev.wowcompat.store.SqliteTransactions;
import dev.wowcompat.store.StoreException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * A registry database named on the command line: a SQLite file, or {@code jdbc:postgresql://HOST:PORT/DB}. The
 * credentials of PostgreSQL never come from the command line (where {@code ps} would show them): they come from
 * {@value #USER_VARIABLE} and {@value #PASSWORD_VARIABLE}, or from a file given with {@code --db-credentials}
 * holding {@code user=...} and {@code password=...} lines.
 */
public final class Database {
    public static final String USER_VARIABLE = "WOW_COMPAT_DB_USER";
    public static final String PASSWORD_VARIABLE = "WOW_COMPAT_DB_PASSWORD";
    public static final String POSTGRES_PREFIX = "jdbc:postgresql://";
    private static final Pattern SECRET_IN_URL = Pattern.compile("(?i)[?&](user|password|sslpassword)=|//[^/]*@");

    private Database() {}

    public static boolean isPostgres(String db) {
        return db.startsWith(POSTGRES_PREFIX);
    }

    /**
     * Opens (creating and migrating the tables when needed) the store the value names.
     *
     * @param option the option's name, for messages
     * @param credentials the {@code --db-credentials} file, or null
     */
    public static JdbcRegistryStore open(String option, String db, Path credentials, Map<String, String> environment)
            throws InvalidInputException {
        try {
            if (isPostgres(db)) {
                if (SECRET_IN_URL.matcher(db).find()) {
                    throw problem(option + " " + db.replaceAll("\\?.*", "?..."), "wow-compat.db.credentials-on-command-line",
                            "credentials do not belong on the command line (other users of the machine see it): set "
                                    + USER_VARIABLE + " and " + PASSWORD_VARIABLE + ", or give --db-credentials FILE");
                }
                String[] userAndPassword = credentials(credentials, environment);
                return PostgresTransactions.open(db, userAndPassword[0], userAndPassword[1]);
            }
            if (db.toLowerCase(Locale.ROOT).startsWith("jdbc:")) {
                throw problem(option + " " + db, "wow-compat.db.unsupported",
                        "unsupported database address; give a SQLite file or jdbc:postgresql://HOST:PORT/DATABASE");
            }
            return SqliteTransactions.open(Path.of(db));
        } catch (StoreException e) {
            throw problem(option + " " + db, "wow-compat.db.unavailable", e.getMessage());
        }
    }

    /** {user, password}: from the file when one is given, else from the environment (either may be absent). */
    private static String[] credentials(Path file, Map<String, String> environment) throws InvalidInputException {
        if (file == null) return new String[] {environment.get(USER_VARIABLE), environment.get(PASSWORD_VARIABLE)};
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw problem(file.toString(), "wow-compat.input.unreadable", "cannot read the credentials file: "
                    + (e instanceof java.nio.file.NoSuchFileException ? "there is no such file" : "it is not a readable text file"));
        }
        if (p.getProperty("user") == null) {
            throw problem(file.toString(), "wow-compat.db.no-user", "the credentials file has no 'user=' line");
        }
        return new String[] {p.getProperty("user"), p.getProperty("password")};
    }

    private static InvalidInputException problem(String source, String code, String message) {
        return new InvalidInputException(new InputProblem(source, "", code, message));
    }
}
