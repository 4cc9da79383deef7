package dev.wowcompat.it.shop;

import me.ahoo.wow.api.annotation.BoundedContext;

/** The bounded context, declared the way Wow services declare theirs. */
@BoundedContext(name = "shop", aggregates = @BoundedContext.Aggregate(name = "cart", packageScopes = Cart.class))
public final class ShopService {
    private ShopService() {}
}
