package dev.wowcompat.kotlinreaders

import dev.wowcompat.kotlinwow.api.plot.Harvest
import dev.wowcompat.kotlinwow.api.plot.PlotHarvested
import dev.wowcompat.kotlinwow.api.plot.PlotWatered
import dev.wowcompat.kotlinwow.api.plot.QRCodePrinted
import dev.wowcompat.kotlinwow.api.plot.SeedPlanted
import dev.wowcompat.kotlinwow.api.plot.WaterPlot
import dev.wowcompat.kotlinwow.domain.plot.PlotState
import me.ahoo.wow.api.annotation.BoundedContext
import me.ahoo.wow.api.annotation.OnEvent
import me.ahoo.wow.api.annotation.ProjectionProcessor
import me.ahoo.wow.api.annotation.StatelessSaga
import me.ahoo.wow.api.event.DomainEvent
import me.ahoo.wow.command.factory.CommandBuilder
import me.ahoo.wow.eventsourcing.state.StateEvent
import me.ahoo.wow.modeling.state.ReadOnlyStateAggregate

/**
 * A Kotlin service with no aggregate of its own that reads the garden service's plots (dev.wowcompat.kotlinwow):
 * a projection and a saga, as Wow's Kotlin examples write theirs.
 */
@BoundedContext(name = "harvest-log")
object HarvestLog

@ProjectionProcessor
class PlotProjector {
    val planted = mutableListOf<String>()

    fun onEvent(event: DomainEvent<SeedPlanted>) {
        planted += event.body.variety
    }

    /** A state event as Wow delivers one: the event first, the state injected. */
    fun onStateEvent(watered: PlotWatered, state: ReadOnlyStateAggregate<PlotState>) {
        planted += "${watered.litres}/${state.state.litres}"
    }

    /** Wow matches this one's events against PlotState, which no event is: it never runs. */
    fun onStateEvent(stateEvent: StateEvent<PlotState>) {
        planted += stateEvent.state.seeds
    }
}

@StatelessSaga
class PlotSaga {
    @OnEvent
    fun whenHarvested(event: PlotHarvested): WaterPlot = WaterPlot(litres = 0)

    /** A suspend handler returning a builder: its command is what the bytecode constructs. */
    suspend fun onEvent(printed: QRCodePrinted): CommandBuilder = CommandBuilder.builder(Harvest(by = printed.text))
}
