package dev.wowcompat.store;

import static dev.wowcompat.store.ReleaseStoreContractTest.ACCEPT;
import static dev.wowcompat.store.ReleaseStoreContractTest.FP_A;
import static dev.wowcompat.store.ReleaseStoreContractTest.FP_B;
import static dev.wowcompat.store.ReleaseStoreContractTest.release;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wowcompat.testing.TestDatabases;
import dev.wowcompat.testing.TestDatabases.Backend;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link UsageStore}'s contract, run unchanged against both backends: who declares a type, found by name and by fingerprint. */
@ExtendWith(TestDatabases.class)
class UsageStoreContractTest {
    @ParameterizedTest
    @EnumSource(Backend.class)
    void looksUpTypesAndFingerprints(Backend backend, TestDatabases databases) {
        try (JdbcRegistryStore store = databases.create(backend).open()) {
            CheckedRegistration.register(store, release("bank", "1.0.0", "d1", FP_B), ACCEPT);
            CheckedRegistration.register(store, release("ledger", "1.0.0", "d9", FP_B), ACCEPT);
            List<TypeMatch> found = store.searchTypes("deposit", 10);
            assertEquals(1, found.size());
            assertEquals("bank.account.Deposited", found.get(0).name());
            assertEquals(List.of("bank", "ledger"), found.get(0).services());
            assertEquals(List.of("aggregate", "state"), store.searchTypes("bank.account", 10).get(0).kinds());
            assertTrue(store.searchTypes("100%_", 10).isEmpty(), "LIKE wildcards in the query are literal");

            List<TypeUsage> usages = store.typeUsages("bank.account.Deposited");
            assertEquals(List.of("bank", "ledger"), usages.stream().map(TypeUsage::service).toList());
            assertEquals(FP_A, usages.get(0).type().fingerprint());
            assertEquals(4, store.fingerprintUsages(FP_A).size() + store.fingerprintUsages(FP_B).size());
            assertEquals("{\"type\":\"object\"}", store.schema(FP_A).orElseThrow());
            assertFalse(store.schema("c".repeat(64)).isPresent());
        }
    }
}
