package dev.wowcompat.it.shop;

import dev.wowcompat.annotations.Staged;
import dev.wowcompat.annotations.Unit;
import dev.wowcompat.annotations.UpgradesFrom;
import me.ahoo.wow.api.annotation.Event;
import me.ahoo.wow.api.annotation.Name;

/**
 * The second revision of item_added: the quantity split into units and packs. 1.1.0 reads it (upgrading 0.0.1 facts
 * to it) but goes on writing 0.0.1; the next minor release may write it.
 */
@Name("item_added")
@Event(revision = "0.0.2")
@UpgradesFrom("0.0.1")
@Staged
public record ItemAddedV2(String sku, int quantity, int packs, @Unit("ms") long reservedFor) {}
