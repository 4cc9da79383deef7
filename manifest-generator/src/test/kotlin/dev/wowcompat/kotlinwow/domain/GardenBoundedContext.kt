package dev.wowcompat.kotlinwow.domain

import dev.wowcompat.kotlinwow.api.GardenService
import me.ahoo.wow.api.annotation.BoundedContext

/** The same context declared again in the domain module, by name only. */
@BoundedContext(name = GardenService.NAME)
object GardenBoundedContext
