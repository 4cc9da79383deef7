package dev.wowcompat.cli.sampleservice;

import dev.wowcompat.annotations.Unit;
import me.ahoo.wow.api.annotation.Event;

@Event
public record BookBorrowed(String isbn, @Unit("d") int days) {}
