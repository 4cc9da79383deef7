package dev.wowcompat.kotlinbytecode

import java.math.BigDecimal

/** Defaults of every kind the class file can show as a value, and a few it can only show as code. */
enum class Tier { A, B, C }

data class MembershipOpened(
    val required: String,
    val quantity: Int = 1,
    val source: String = "web",
    val ratio: Double = 0.5,
    val big: Long = 10L,
    val flag: Boolean = true,
    val kind: Tier = Tier.B,
    val note: String? = null,
    val tags: List<String> = emptyList(),
    val weight: Float = 2.5f,
    val initial: Char = 'm',
    val negative: Int = -7,
    val boxed: Int? = 3,
    val off: Boolean = false,
    val fee: BigDecimal = BigDecimal.ZERO,
    val derived: String = required + "!",
)
