package dev.wowcompat.kotlingrove.model

import me.ahoo.wow.api.annotation.OnCommand
import me.ahoo.wow.api.annotation.OnSourcing

/*
 * A reusable generic aggregate model, shaped as Wow's wow-models tree is (an abstract aggregate and state whose
 * handlers take type variables, commands that build their events): a library a service extends with its own
 * command, event and state classes.
 */

interface Planted {
    val code: String
}

interface Pruned {
    val code: String
}

interface Felled {
    val code: String
}

/** A command that builds its event: the event class is the command class's type argument. */
interface Plant<E : Planted> {
    val parent: String

    fun toEvent(code: String): E
}

interface Prune<E : Pruned> {
    val code: String

    fun toEvent(): E
}

interface Fell<E : Felled> {
    val code: String

    fun toEvent(): E
}

/** The state sources the events by type variables: two annotated, one by name. */
abstract class GroveState<P : Planted, R : Pruned, F : Felled> {
    val codes: MutableList<String> = mutableListOf()

    @OnSourcing
    protected open fun onPlanted(event: P) {
        codes.add(event.code)
    }

    @OnSourcing
    protected open fun onPruned(event: R) {
    }

    fun onSourcing(event: F) {
        codes.remove(event.code)
    }
}

/** The handlers return the events' bounds; what they return is what the command's toEvent builds. */
abstract class Grove<S : GroveState<*, *, *>, P : Plant<*>, R : Prune<*>, F : Fell<*>>(protected val state: S) {
    protected abstract fun newCode(): String

    @OnCommand
    protected open fun onPlant(command: P): Planted {
        val event = command.toEvent(command.parent + "/" + newCode())
        require(event.code.isNotEmpty())
        return event
    }

    @OnCommand
    protected open fun onPrune(command: R): List<Pruned> = listOf(command.toEvent())

    @OnCommand
    protected open fun onFell(command: F): Any = command.toEvent()
}
