package dev.wowcompat.maven;

import java.util.Optional;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.crypto.DefaultSettingsDecryptionRequest;
import org.apache.maven.settings.crypto.SettingsDecrypter;
import org.apache.maven.settings.crypto.SettingsDecryptionResult;

/**
 * The bearer token for the registry, from a {@code <server>} of settings.xml: its {@code <password>} is the
 * token (encrypted passwords, {@code mvn --encrypt-password}, are decrypted), its username is not used. This is
 * how deploy credentials for token-based repositories are usually kept, so CI secrets work unchanged.
 */
final class RegistryCredentials {
    private RegistryCredentials() {}

    static Optional<String> token(String serverId, MavenSession session, SettingsDecrypter decrypter) throws MojoExecutionException {
        if (serverId == null || serverId.isBlank()) {
            return Optional.empty();
        }
        Server server = session.getSettings().getServer(serverId.trim());
        if (server == null) {
            throw new MojoExecutionException("settings.xml has no <server> with <id>" + serverId.trim()
                    + "</id>: add one whose <password> is the registry token, or remove <serverId>.");
        }
        SettingsDecryptionResult decrypted = decrypter.decrypt(new DefaultSettingsDecryptionRequest(server));
        if (!decrypted.getProblems().isEmpty()) {
            throw new MojoExecutionException("The password of <server> " + serverId.trim() + " in settings.xml cannot be decrypted: "
                    + decrypted.getProblems().get(0).getMessage() + ".");
        }
        String password = decrypted.getServer() == null ? null : decrypted.getServer().getPassword();
        if (password == null || password.isBlank()) {
            throw new MojoExecutionException("<server> " + serverId.trim() + " in settings.xml has no <password>: put the registry token there.");
        }
        return Optional.of(password.trim());
    }
}
