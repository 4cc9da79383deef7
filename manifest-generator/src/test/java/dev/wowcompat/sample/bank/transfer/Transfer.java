package dev.wowcompat.sample.bank.transfer;

import dev.wowcompat.annotations.StateView;
import me.ahoo.wow.api.annotation.AggregateRoot;
import reactor.core.publisher.Mono;

/** An aggregate that is its own state (constructed from its id), a view nobody outside reads. */
@AggregateRoot(commands = CancelTransfer.class)
@StateView
public class Transfer {
    private final String id;
    private String status = "new";

    public Transfer(String id) {
        this.id = id;
    }

    public String getId() {
        return id;
    }

    public String getStatus() {
        return status;
    }

    public TransferStarted onCommand(StartTransfer command) {
        return new TransferStarted(command.from(), command.to(), command.money());
    }

    public Mono<TransferConfirmed> onCommand(ConfirmTransfer command) {
        return Mono.just(new TransferConfirmed(command.transferId()));
    }

    void onSourcing(TransferStarted event) {
        status = "started";
    }

    void onSourcing(TransferConfirmed event) {
        status = "confirmed";
    }

    void onSourcing(TransferCancelled event) {
        status = "cancelled";
    }
}
