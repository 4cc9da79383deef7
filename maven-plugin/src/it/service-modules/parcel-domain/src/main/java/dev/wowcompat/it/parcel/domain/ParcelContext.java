package dev.wowcompat.it.parcel.domain;

import me.ahoo.wow.api.annotation.BoundedContext;

@BoundedContext(name = "parcel-service", alias = "parcel")
public final class ParcelContext {
}
