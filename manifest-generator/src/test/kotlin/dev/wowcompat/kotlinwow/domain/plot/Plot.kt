package dev.wowcompat.kotlinwow.domain.plot

import dev.wowcompat.kotlinwow.api.plot.Harvest
import dev.wowcompat.kotlinwow.api.plot.PlantSeed
import dev.wowcompat.kotlinwow.api.plot.PlotHarvested
import dev.wowcompat.kotlinwow.api.plot.PlotWatered
import dev.wowcompat.kotlinwow.api.plot.PrintQRCode
import dev.wowcompat.kotlinwow.api.plot.QRCodePrinted
import dev.wowcompat.kotlinwow.api.plot.SeedPlanted
import dev.wowcompat.kotlinwow.api.plot.WaterLimitReached
import dev.wowcompat.kotlinwow.api.plot.WaterPlot
import me.ahoo.wow.api.annotation.AggregateRoot
import me.ahoo.wow.api.command.CommandMessage

/** The state: properties set by sourcing, and a value only a getter gives (Wow's serializer writes it too). */
class PlotState {
    var seeds: List<String> = emptyList()
        private set
    var litres: Int = 0
        private set

    /** Kotlin names its getter isDry(); Wow's Kotlin module writes it as "isDry", once. */
    var isDry: Boolean = true
        private set

    val size: Int
        get() = seeds.size

    fun onSourcing(event: SeedPlanted) {
        seeds = seeds + event.variety
    }

    fun onSourcing(event: PlotWatered) {
        isDry = false
        litres += event.litres
    }
}

/** Handlers whose signatures do not name their events: Iterable<*>, Any, and an object returned as itself. */
@AggregateRoot
class Plot(private val state: PlotState) {
    fun onCommand(command: PlantSeed): SeedPlanted = SeedPlanted(command.variety, command.count, command.spacing)

    fun onCommand(command: WaterPlot): Iterable<*> {
        if (state.litres + command.litres > 100) {
            return listOf(WaterLimitReached(command.litres, "at most 100 litres"))
        }
        return listOf(PlotWatered(command.litres))
    }

    fun onCommand(command: PrintQRCode): Any = QRCodePrinted(command.text.uppercase())

    /** A handler taking Wow's message of the command: the command is its type argument. */
    fun onCommand(command: CommandMessage<Harvest>): PlotHarvested = PlotHarvested
}
