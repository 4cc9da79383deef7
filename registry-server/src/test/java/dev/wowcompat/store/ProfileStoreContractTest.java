package dev.wowcompat.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wowcompat.manifest.Version;
import dev.wowcompat.profile.Field;
import dev.wowcompat.profile.FieldProfile;
import dev.wowcompat.profile.ProfileLimits;
import dev.wowcompat.profile.ProfileSet;
import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The store's profiles, run unchanged against both backends (a real SQLite file, a real PostgreSQL database): merged
 * posts, the reads by type, revision and release, the bound per release, concurrent posts, and unregistered releases.
 */
@ExtendWith(TestDatabases.class)
class ProfileStoreContractTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CheckedRegistration.Check ACCEPT = history -> new GateDecision(true, "{\"verdict\":\"compatible\"}");
    private static final Field AMOUNT = new Field("Deposited", 2, "/amount");

    private static void register(JdbcRegistryStore store, String service, String... versions) {
        for (String version : versions) {
            NewRelease release = new NewRelease(service, Version.parse(version), "digest-" + service + "-" + version,
                    "{\"service\":\"" + service + "\",\"version\":\"" + version + "\"}", List.of(), Map.of());
            assertEquals(RegistrationResult.Outcome.CREATED, CheckedRegistration.register(store, release, ACCEPT).outcome());
            // Profiles are kept only for releases that ran in the environment: each version ran in both.
            for (String environment : List.of("staging", "prod")) store.recordDeployment(environment, service, version);
        }
    }

    /** {@code n} deposits of log-normal amounts around {@code median}, written by {@code release}. */
    private static ProfileSet deposits(String release, int n, double median, long seed) {
        ProfileSet set = new ProfileSet();
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            set.observe("Deposited", 2, release, JSON.createObjectNode().put("amount", median * Math.exp(r.nextGaussian()))
                    .put("currency", i % 3 == 0 ? "USD" : "EUR"));
        }
        return set;
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void postsMergeWithWhatIsStored(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            register(store, "bank", "1.0.0", "1.1.0");

            ProfileSet unknown = deposits("bank@9.9.9", 10, 50, 1);
            unknown.merge(deposits("bank@1.0.0", 10, 50, 2));
            ProfileMerge refused = store.mergeProfiles("staging", unknown);
            assertEquals("bank@9.9.9", refused.unregistered());
            assertEquals(List.of(), store.profiledTypes("staging"), "nothing is stored when a release is not registered");
            ProfileMerge elsewhere = store.mergeProfiles("nowhere", deposits("bank@1.0.0", 10, 50, 2));
            assertEquals("bank@1.0.0", elsewhere.neverRan());
            assertFalse(elsewhere.stored());
            assertEquals(List.of(), store.profiledTypes("nowhere"), "nothing is stored for a release that never ran there");

            ProfileMerge first = store.mergeProfiles("staging", deposits("bank@1.0.0", 300, 50, 3));
            assertNull(first.unregistered());
            assertEquals(2, first.merged());
            assertEquals(Map.of("bank@1.0.0", 2), first.fieldsByRelease());
            ProfileMerge second = store.mergeProfiles("staging", deposits("bank@1.0.0", 300, 50, 4));
            assertEquals(Map.of("bank@1.0.0", 2), second.fieldsByRelease(), "the same fields again: merged, not added");
            store.mergeProfiles("staging", deposits("bank@1.1.0", 250, 5000, 5));
            store.mergeProfiles("prod", deposits("bank@1.0.0", 50, 50, 6));

            ProfileSet all = deposits("bank@1.0.0", 300, 50, 3);
            all.merge(deposits("bank@1.0.0", 300, 50, 4));
            StoredProfiles stored = store.profiles("staging", "Deposited", null, null, 100);
            assertFalse(stored.truncated());
            FieldProfile amount = stored.profiles().get(AMOUNT, "bank@1.0.0");
            assertEquals(600, amount.numbers().count(), "the two posts' values together");
            for (double q : new double[] {0.1, 0.5, 0.9}) {
                assertEquals(all.get(AMOUNT, "bank@1.0.0").numbers().magnitude(q), amount.numbers().magnitude(q), 1e-9);
            }
            assertEquals(400, stored.profiles().get(new Field("Deposited", 2, "/currency"), "bank@1.0.0").strings().values().countOf("EUR"));
            assertEquals(List.of("bank@1.0.0", "bank@1.1.0"), stored.profiles().releases(AMOUNT));
            assertEquals(50, store.profiles("prod", "Deposited", null, null, 100).profiles().get(AMOUNT, "bank@1.0.0").numbers().count(),
                    "environments are independent");

            assertEquals(List.of("bank@1.1.0"), store.profiles("staging", "Deposited", 2, "bank@1.1.0", 100).profiles().releases(AMOUNT));
            assertEquals(0, store.profiles("staging", "Deposited", 1, null, 100).profiles().size());
            assertEquals(0, store.profiles("staging", "Withdrawn", null, null, 100).profiles().size());
            StoredProfiles cut = store.profiles("staging", "Deposited", null, null, 3);
            assertTrue(cut.truncated());
            assertEquals(3, cut.profiles().size());

            assertEquals(List.of(new ProfiledType("Deposited", 2, List.of("bank@1.0.0", "bank@1.1.0"), 2)), store.profiledTypes("staging"));
            assertEquals(List.of(), store.profiledTypes("nowhere"));
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void aReleaseKeepsAtMostItsBoundOfFields(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            register(store, "bank", "1.0.0");
            int over = RegistryStore.MAX_PROFILE_FIELDS_PER_RELEASE + 6;
            ProfileSet wide = new ProfileSet(new ProfileLimits(over, 32));
            for (int i = 0; i < over; i++) {
                wide.observe("Opened", 0, "bank@1.0.0", JSON.createObjectNode().put(String.format("f%04d", i), i));
            }
            ProfileMerge merge = store.mergeProfiles("staging", wide);
            assertEquals(RegistryStore.MAX_PROFILE_FIELDS_PER_RELEASE, merge.merged());
            assertEquals(6, merge.refusedValues());
            ProfileMerge again = store.mergeProfiles("staging", wide);
            assertEquals(RegistryStore.MAX_PROFILE_FIELDS_PER_RELEASE, again.merged(), "stored fields still merge at the bound");
            assertEquals(Map.of("bank@1.0.0", RegistryStore.MAX_PROFILE_FIELDS_PER_RELEASE), again.fieldsByRelease());
        }
    }

    @ParameterizedTest
    @EnumSource(Backend.class)
    void concurrentPostsLoseNoValue(Backend backend, TestDatabases databases) throws Exception {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            register(store, "bank", "1.0.0");
            register(store, "ledger", "1.0.0");
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<ProfileMerge>> posts = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    ProfileSet set = deposits("bank@1.0.0", 100, 50, 100 + i);
                    set.merge(deposits("ledger@1.0.0", 10, 50, 200 + i));
                    posts.add(pool.submit(() -> store.mergeProfiles("staging", set)));
                }
                for (Future<ProfileMerge> post : posts) assertNull(post.get().unregistered());
            } finally {
                pool.shutdownNow();
            }
            ProfileSet stored = store.profiles("staging", "Deposited", 2, null, 100).profiles();
            assertEquals(1600, stored.get(AMOUNT, "bank@1.0.0").numbers().count());
            assertEquals(160, stored.get(AMOUNT, "ledger@1.0.0").numbers().count());
        }
    }
}
