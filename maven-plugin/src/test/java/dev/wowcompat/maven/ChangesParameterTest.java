package dev.wowcompat.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.wowcompat.gate.Gate;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

/** {@code <changes>} (wow-compat.changes) of the goals that report: read through the shared gate's setting. */
class ChangesParameterTest {

    private static AbstractReleaseMojo withChanges(String value) {
        AbstractReleaseMojo mojo = new RegisterMojo(null);
        mojo.changes = value;
        return mojo;
    }

    @Test
    void allAndNoneInAnyCase() throws Exception {
        assertEquals(Gate.Changes.ALL, withChanges("all").changesSetting());
        assertEquals(Gate.Changes.NONE, withChanges(" NONE ").changesSetting());
    }

    @Test
    void anyOtherValueFailsTheBuildNamingTheParameter() {
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> withChanges("some").changesSetting());
        assertEquals("<changes> (wow-compat.changes) is 'some'; use all or none.", e.getMessage());
    }
}
