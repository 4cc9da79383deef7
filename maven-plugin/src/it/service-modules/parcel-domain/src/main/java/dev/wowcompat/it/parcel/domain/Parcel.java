package dev.wowcompat.it.parcel.domain;

import dev.wowcompat.it.parcel.api.ParcelLost;
import dev.wowcompat.it.parcel.api.Ship;
import dev.wowcompat.it.parcel.api.Shipped;
import me.ahoo.wow.api.annotation.AggregateRoot;

/** The aggregate is its own state; shipping to nowhere loses the parcel. */
@AggregateRoot
public class Parcel {
    private String to;

    public Parcel(String id) {
    }

    Object onCommand(Ship ship) {
        if (ship.to().isBlank()) {
            return new ParcelLost("the depot");
        }
        return new Shipped(ship.to());
    }

    void onSourcing(Shipped shipped) {
        to = shipped.to();
    }
}
