package dev.wowcompat.sample.bytecode;

import java.util.List;
import java.util.Optional;

/** Handlers whose signatures hide their events: only the bytecode says which classes they build. */
public class Warehouse {
    public record ReceiveStock(String sku, int count) {
    }

    public record StockReceived(String sku, int count) {
    }

    public record StockRejected(String sku) {
    }

    public record ShipOrder(String order) {
    }

    public record OrderShipped(String order) {
    }

    public record ShipmentLogged(String order) {
    }

    public record CountStock(String sku) {
    }

    public record StockCounted(String sku) {
    }

    public record CloseWarehouse(String reason) {
    }

    public record WarehouseClosed(String reason) {
    }

    public Object onCommand(ReceiveStock command) {
        if (command.count() > 0) {
            return new StockReceived(command.sku(), command.count());
        } else {
            return new StockRejected(command.sku());
        }
    }

    public List<?> onCommand(ShipOrder command) {
        return List.of(new OrderShipped(command.order()), new ShipmentLogged(command.order()));
    }

    public Object onCommand(CountStock command) {
        return Optional.of(command.sku()).map(sku -> new StockCounted(sku)).orElseThrow();
    }

    public Object onCommand(CloseWarehouse command) {
        String[] reasons = new String[] {command.reason()};
        return closed(reasons[0]);
    }

    private WarehouseClosed closed(String reason) {
        return new WarehouseClosed(reason);
    }

    /** Public and of this class: not followed, its code is another handler's business. */
    public StockRejected reject(String sku) {
        return new StockRejected(sku);
    }

    public Object onCommand(String sku) {
        return reject(sku);
    }
}
