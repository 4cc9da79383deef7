package dev.wowcompat.kotlinsample

import dev.wowcompat.annotations.Unit
import me.ahoo.wow.api.annotation.AggregateRoot
import me.ahoo.wow.api.annotation.BoundedContext

/** A Kotlin service: non-null properties are required, nullable ones are not. */
@BoundedContext(name = "shop")
class ShopContext

data class AddItem(val sku: String, val quantity: Int, val note: String?)

data class ItemAdded(
    val sku: String,
    val quantity: Int,
    val note: String?,
    @Unit("g") val weight: Long? = null,
    val tags: List<String> = emptyList(),
)

class CartState {
    var items: Int = 0
        private set
    var lastSku: String? = null
        private set

    fun onSourcing(event: ItemAdded) {
        items += event.quantity
        lastSku = event.sku
    }
}

@AggregateRoot
class Cart(private val state: CartState) {
    fun onCommand(command: AddItem): ItemAdded = ItemAdded(command.sku, command.quantity, command.note)
}
