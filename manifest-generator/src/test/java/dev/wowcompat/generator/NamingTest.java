package dev.wowcompat.generator;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NamingTest {
    /**
     * Wow names a type by wow-core's {@code NamingConverter.PASCAL_TO_SNAKE} ({@code PascalCaseStrategy} splits before
     * every capital, {@code SnakeCaseStrategy} lower-cases and joins with {@code _}): each capital of an acronym is a
     * word of its own.
     */
    @Test
    void classNamesBecomeWowSnakeCase() {
        assertEquals("bank_account", Naming.snake("BankAccount"));
        assertEquals("h_t_t_p_request_sent", Naming.snake("HTTPRequestSent"));
        assertEquals("u_r_l_changed", Naming.snake("URLChanged"));
        assertEquals("order_pay_duplicated", Naming.snake("OrderPayDuplicated"));
        assertEquals("order2_paid", Naming.snake("Order2Paid"));
        assertEquals("deposited", Naming.snake("Deposited"));
    }

    @Test
    void errorCodesBecomeKebabCase() {
        assertEquals("insufficient-balance", Naming.kebab("InsufficientBalance"));
        assertEquals("not-found", Naming.kebab("NOT_FOUND"));
        assertEquals("illegal-argument", Naming.kebab("illegal.argument"));
        assertEquals("already-kebab", Naming.kebab("already-kebab"));
    }

    @Test
    void revisionLabelsCompareAsVersions() {
        assertTrue(Revisions.compare("0.0.9", "0.1.0") < 0);
        assertTrue(Revisions.compare("1.10", "1.9") > 0);
        assertEquals(0, Revisions.compare("1.2", "1.2.0"));
        assertEquals(Revisions.key("1.2"), Revisions.key("1.2.0"));
    }
}
