package dev.wowcompat.kotlinwow.api.plot

import jakarta.validation.constraints.NotBlank
import jakarta.validation.constraints.Positive
import jakarta.validation.constraints.Size
import me.ahoo.wow.api.annotation.CommandRoute
import me.ahoo.wow.api.exception.ErrorInfo

/** Constraints on fields (as Kotlin writes them for Bean Validation), constant and computed defaults, nested types. */
@CommandRoute
data class PlantSeed(
    @field:NotBlank
    val variety: String,
    @field:Positive
    val count: Int = 1,
    @field:Size(min = 1, max = 3)
    val rows: List<Row> = listOf(Row(0)),
    val spacing: Spacing,
) {
    data class Spacing(val centimetres: Long, val ratio: Double = 0.5)

    data class Row(val index: Int)
}

data class WaterPlot(val litres: Int)

data class PrintQRCode(val text: String)

data class Harvest(val by: String)

data class SeedPlanted(val variety: String, val count: Int, val spacing: PlantSeed.Spacing)

enum class WaterMode { DRIP, SPRAY }

data class PlotWatered(
    val litres: Int,
    val mode: WaterMode = WaterMode.DRIP,
    val note: String? = null,
    val total: Long = 10L,
    val measured: Boolean = true,
)

/** An acronym in a name: Wow names it q_r_code_printed. */
data class QRCodePrinted(val text: String)

/** An event that is a Kotlin object. */
object PlotHarvested

/** An error event: emitted by a handler, not sourced, its code a constant of the class. */
data class WaterLimitReached(val litres: Int, val reason: String) : ErrorInfo {
    override fun getErrorCode(): String = "Water-Limit-Reached"

    override fun getErrorMsg(): String = reason
}
