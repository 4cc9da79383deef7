package dev.wowcompat.kotlingrove.model

import me.ahoo.wow.api.annotation.OnCommand

/** A command of a hive. */
interface HiveCommand {
    val bees: Int
}

data class BeesCounted(val bees: Int)

/** A Kotlin generic base whose open handlers take its type variable; a subclass may override one. */
abstract class Hive<C : HiveCommand, K : HiveCommand> {
    @OnCommand
    open fun onCount(command: C): BeesCounted = BeesCounted(command.bees)

    open fun onCommand(command: K): BeesCounted = BeesCounted(-command.bees)
}
