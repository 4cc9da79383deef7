package dev.wowcompat.maven;

import dev.wowcompat.client.RegistryClient;
import dev.wowcompat.gate.Gate;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.settings.crypto.SettingsDecrypter;

/**
 * What the goals that have the release checked ({@code check}, {@code register}) share: the registry's credentials
 * and timeout, the Manifest's bytes as sent to it, and whether their reports list the compatible changes.
 */
abstract class AbstractReleaseMojo extends AbstractWowCompatMojo {

    /** A {@code <server>} of settings.xml whose {@code <password>} is the registry's bearer token. */
    @Parameter(property = "wow-compat.serverId")
    protected String serverId;

    /** Seconds to wait for the registry. */
    @Parameter(property = "wow-compat.timeout", defaultValue = "30")
    protected int timeout;

    /**
     * {@code all}: the reports list the compatible changes (the release's changelog) beside the findings;
     * {@code none}: only the findings.
     */
    @Parameter(property = "wow-compat.changes", defaultValue = "all")
    protected String changes;

    /** The {@link #changes} setting; a value other than all or none fails the build before any work is done. */
    protected final Gate.Changes changesSetting() throws MojoFailureException {
        try {
            return Gate.Changes.parse(changes);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("<changes> (wow-compat.changes) is '" + changes + "'; use all or none.");
        }
    }

    /** A client of the registry at {@code registryUrl}, with the token of {@link #serverId} when one is set. */
    protected final RegistryClient openRegistry(String registryUrl, SettingsDecrypter decrypter) throws MojoExecutionException {
        return PluginRegistry.open(registryUrl, RegistryCredentials.token(serverId, session, decrypter), timeout);
    }

    /** The Manifest file's bytes, sent to the registry as written. */
    protected final byte[] manifestBytes() throws MojoFailureException {
        try {
            return Files.readAllBytes(manifestFile().toPath());
        } catch (IOException e) {
            throw new MojoFailureException("Cannot read " + manifestFile() + ": " + e.getMessage() + ".");
        }
    }
}
