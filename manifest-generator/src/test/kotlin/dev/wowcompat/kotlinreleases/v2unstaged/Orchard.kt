package dev.wowcompat.kotlinreleases.v2unstaged

import jakarta.validation.constraints.Size
import me.ahoo.wow.api.annotation.AggregateRoot
import me.ahoo.wow.api.annotation.BoundedContext

/** One release of a Kotlin service (see KotlinReleasesTest): the packages differ, the Manifest's names do not. */
@BoundedContext(name = "orchard-service")
object Orchard

data class PickFruit(@field:Size(min = 1) val trees: List<String>)

data class FruitPicked(val count: Int, val source: String = "web")

class TreeState {
    var picked: Int = 0
        private set

    val busy: Boolean
        get() = picked > 0

    fun onSourcing(event: FruitPicked) {
        picked += event.count
    }
}

@AggregateRoot
class Tree(private val state: TreeState) {
    fun onCommand(command: PickFruit): FruitPicked = FruitPicked(command.trees.size)
}
