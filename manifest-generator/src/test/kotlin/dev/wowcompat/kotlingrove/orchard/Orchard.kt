package dev.wowcompat.kotlingrove.orchard

import dev.wowcompat.kotlingrove.model.BeesCounted
import dev.wowcompat.kotlingrove.model.Fell
import dev.wowcompat.kotlingrove.model.Felled
import dev.wowcompat.kotlingrove.model.Grove
import dev.wowcompat.kotlingrove.model.GroveState
import dev.wowcompat.kotlingrove.model.Hive
import dev.wowcompat.kotlingrove.model.HiveCommand
import dev.wowcompat.kotlingrove.model.Plant
import dev.wowcompat.kotlingrove.model.Planted
import dev.wowcompat.kotlingrove.model.Prune
import dev.wowcompat.kotlingrove.model.Pruned
import me.ahoo.wow.api.annotation.AggregateRoot
import me.ahoo.wow.api.annotation.BoundedContext

@BoundedContext(
    name = "orchard-service",
    aggregates = [
        BoundedContext.Aggregate("orchard", packageScopes = [Orchard::class]),
    ],
)
object OrchardContext

data class PlantTree(override val parent: String, val species: String) : Plant<TreePlanted> {
    override fun toEvent(code: String): TreePlanted = TreePlanted(code, species)
}

data class TreePlanted(override val code: String, val species: String) : Planted

data class PruneTree(override val code: String) : Prune<TreePruned> {
    override fun toEvent(): TreePruned = TreePruned(code, 1)
}

data class TreePruned(override val code: String, val branches: Int) : Pruned

data class FellTree(override val code: String) : Fell<TreeFelled> {
    override fun toEvent(): TreeFelled = TreeFelled(code)
}

data class TreeFelled(override val code: String) : Felled

class OrchardState : GroveState<TreePlanted, TreePruned, TreeFelled>()

/** A service's aggregate on the generic model: Wow routes plant_tree, prune_tree and fell_tree to it. */
@AggregateRoot
class Orchard(state: OrchardState) : Grove<OrchardState, PlantTree, PruneTree, FellTree>(state) {
    override fun newCode(): String = "t" + state.codes.size
}

data class CountBees(override val bees: Int) : HiveCommand

data class LoseBees(override val bees: Int) : HiveCommand

/** A Kotlin subclass of an abstract generic base with open handlers, one of them overridden. */
@AggregateRoot
class Beehive(private val id: String) : Hive<CountBees, LoseBees>() {
    override fun onCount(command: CountBees): BeesCounted = BeesCounted(command.bees * 2)

    fun onSourcing(event: BeesCounted) {
    }
}
