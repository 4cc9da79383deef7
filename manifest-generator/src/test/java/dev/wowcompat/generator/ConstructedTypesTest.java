package dev.wowcompat.generator;

import dev.wowcompat.sample.bytecode.Warehouse;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What handlers instantiate, read from javac's and kotlinc's bytecode (fixtures: sample.bytecode, kotlinbytecode). */
class ConstructedTypesTest {
    private static final String JAVA = "dev.wowcompat.sample.bytecode.Warehouse$";
    private static final String KOTLIN = "dev.wowcompat.kotlinbytecode.";

    @Test
    void bothBranchesOfAnIfElse() throws Exception {
        assertEquals(List.of(JAVA + "StockReceived", JAVA + "StockRejected"),
                ConstructedTypes.of(Warehouse.class.getMethod("onCommand", Warehouse.ReceiveStock.class)));
    }

    @Test
    void theElementsOfAListOf() throws Exception {
        assertEquals(List.of(JAVA + "OrderShipped", JAVA + "ShipmentLogged"),
                ConstructedTypes.of(Warehouse.class.getMethod("onCommand", Warehouse.ShipOrder.class)));
    }

    @Test
    void whatAJavaLambdaOfTheHandlerBuilds() throws Exception {
        assertEquals(List.of(JAVA + "StockCounted"),
                ConstructedTypes.of(Warehouse.class.getMethod("onCommand", Warehouse.CountStock.class)));
    }

    @Test
    void whatAPrivateHelperBuildsButNotTheArrayAroundIt() throws Exception {
        assertEquals(List.of(JAVA + "WarehouseClosed"),
                ConstructedTypes.of(Warehouse.class.getMethod("onCommand", Warehouse.CloseWarehouse.class)));
    }

    @Test
    void aPublicMethodOfTheSameClassIsNotFollowed() throws Exception {
        assertEquals(List.of(), ConstructedTypes.of(Warehouse.class.getMethod("onCommand", String.class)));
    }

    @Test
    void kotlinListOfTwoEvents() throws Exception {
        assertEquals(List.of(KOTLIN + "BookLent", KOTLIN + "LoanLogged"), kotlinHandler("LendBook"));
    }

    @Test
    void aKotlinObjectReturnedAsTheEvent() throws Exception {
        assertEquals(List.of(KOTLIN + "ShelvesClosed"), kotlinHandler("CloseShelves"));
    }

    @Test
    void whatAKotlinLambdaBuilds() throws Exception {
        assertEquals(List.of(KOTLIN + "ReaderRenamed"), kotlinHandler("RenameReader"));
    }

    @Test
    void aClassWithoutAClassFileGivesNothing() throws Exception {
        assertEquals(List.of(), ConstructedTypes.of(String.class.getMethod("trim")));
    }

    /** By name: the Kotlin fixture is compiled after the Java tests. */
    private static List<String> kotlinHandler(String command) throws Exception {
        Class<?> library = Class.forName(KOTLIN + "Library");
        Method handler = library.getMethod("onCommand", Class.forName(KOTLIN + command));
        return ConstructedTypes.of(handler);
    }
}
