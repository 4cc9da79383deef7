package dev.wowcompat.kotlinwow.api

import dev.wowcompat.kotlinwow.api.plot.PlantSeed
import me.ahoo.wow.api.annotation.BoundedContext

/**
 * The api module of a Kotlin service split as Wow's examples split theirs: this module declares the context with
 * its alias and its aggregates' package scopes; the domain module declares the same context again, by name only.
 */
@BoundedContext(
    name = GardenService.NAME,
    alias = "garden",
    aggregates = [BoundedContext.Aggregate("plot", packageScopes = [PlantSeed::class])],
)
object GardenService {
    const val NAME = "garden-service"
}
