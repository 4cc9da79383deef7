package wowcheck

import me.ahoo.wow.api.modeling.AggregateId
import me.ahoo.wow.command.SimpleServerCommandExchange
import me.ahoo.wow.command.toCommandMessage
import me.ahoo.wow.event.DomainEventStream
import me.ahoo.wow.eventsourcing.InMemoryEventStore
import me.ahoo.wow.eventsourcing.state.StateEvent.Companion.toStateEvent
import me.ahoo.wow.example.transfer.api.*
import me.ahoo.wow.example.transfer.domain.Account
import me.ahoo.wow.example.transfer.domain.AccountState
import me.ahoo.wow.modeling.annotation.aggregateMetadata
import me.ahoo.wow.modeling.aggregateId
import me.ahoo.wow.modeling.command.CommandAggregate
import me.ahoo.wow.modeling.command.SimpleCommandAggregateFactory
import me.ahoo.wow.modeling.state.ConstructorStateAggregateFactory
import me.ahoo.wow.modeling.toStringWithAlias
import me.ahoo.wow.serialization.JsonSerializer
import me.ahoo.wow.serialization.toJsonString
import me.ahoo.cosid.cosid.ClockSyncCosIdGenerator
import me.ahoo.cosid.cosid.Radix62CosIdGenerator
import me.ahoo.cosid.provider.DefaultIdGeneratorProvider
import java.io.File
import kotlin.random.Random

/**
 * Runs Wow's transfer example (its Account aggregate, AccountState and the TransferSaga's steps) with Wow's own
 * runtime: wow-core's command aggregate processes each command, sources the state, and each resulting event stream is
 * made a state event as Wow's SendStateEventFilter does (eventStream.copy().toStateEvent(state)), serialized with
 * Wow's JsonSerializer (toJsonString, what Wow's Kafka bus sends), written as kcat -J lines.
 */
class Writer(private val out: File, private val eventsOut: File?) {
    private val metadata = aggregateMetadata<Account, AccountState>()
    private val commandAggregateFactory = SimpleCommandAggregateFactory(InMemoryEventStore())
    private val accounts = linkedMapOf<String, CommandAggregate<Account, AccountState>>()
    private val topic = "wow." + metadata.namedAggregate.toStringWithAlias() + ".state"
    private val eventTopic = "wow." + metadata.namedAggregate.toStringWithAlias() + ".event"
    private val lines = mutableListOf<String>()
    private val eventLines = mutableListOf<String>()
    var rejected = 0

    private fun aggregate(id: String): CommandAggregate<Account, AccountState> = accounts.getOrPut(id) {
        val aggregateId: AggregateId = metadata.aggregateId(id)
        val state = ConstructorStateAggregateFactory.create(metadata.state, aggregateId)
        commandAggregateFactory.create(metadata, state)
    }

    /** Sends one command to one account; returns the event stream, or null when the command was refused. */
    fun send(id: String, command: Any): DomainEventStream? {
        val aggregate = aggregate(id)
        val message = command.toCommandMessage(
            aggregateId = id,
            namedAggregate = metadata.namedAggregate,
            tenantId = aggregate.state.aggregateId.tenantId,
        )
        val exchange = SimpleServerCommandExchange(message)
        val stream = try {
            aggregate.process(exchange).block()
        } catch (e: Exception) {
            rejected++
            System.err.println("refused: ${command.javaClass.simpleName} on $id: $e")
            return null
        }
        if (stream == null) {
            rejected++
            System.err.println("refused: ${command.javaClass.simpleName} on $id: no event stream")
            return null
        }
        // An error event (EntryFailed is an ErrorInfo) makes exchange.getError() a DomainEventException, but the
        // stream is sourced and stored all the same, and SendStateEventFilter sends its state event.
        val stateEvent = stream.copy().toStateEvent(aggregate.state)
        lines.add(kcatLine(topic, lines.size, stream.createTime, id, stateEvent.toJsonString()))
        // The event stream as Wow's Kafka bus sends it on the aggregate's event topic: its JSON, keyed by the aggregate id.
        eventLines.add(kcatLine(eventTopic, eventLines.size, stream.createTime, id, stream.toJsonString()))
        return stream
    }

    private fun kcatLine(topic: String, offset: Int, time: Long, key: String, payload: String): String =
        JsonSerializer.createObjectNode()
            .put("topic", topic)
            .put("partition", 0)
            .put("offset", offset.toLong())
            .put("tstype", "create")
            .put("ts", time)
            .put("key", key)
            .put("payload", payload)
            .toString()

    fun state(id: String): AccountState = aggregate(id).state.state

    /** The transfer saga's steps (TransferSaga): Prepare on the source, Entry on the target, then Confirm or UnlockAmount. */
    fun transfer(from: String, to: String, amount: Long) {
        send(from, Prepare(to, amount)) ?: return
        val entry = send(to, Entry(to, from, amount)) ?: return
        val event = entry.first().body
        when (event) {
            is AmountEntered -> send(from, Confirm(from, amount))
            is EntryFailed -> send(from, UnlockAmount(from, amount))
        }
    }

    fun write() {
        out.writeText(lines.joinToString("\n", postfix = "\n"))
        eventsOut?.writeText(eventLines.joinToString("\n", postfix = "\n"))
    }

    val records get() = lines.size
    val accountCount get() = accounts.size
}

fun main(args: Array<String>) {
    // What a Wow service gets from cosid-spring-boot-starter: the "cosid" generator that wow-core's
    // CosIdGlobalIdGeneratorFactory looks up (the same generator wow-test's TestGlobalIdGeneratorFactory makes).
    DefaultIdGeneratorProvider.INSTANCE.set("cosid", ClockSyncCosIdGenerator(Radix62CosIdGenerator(1)))
    val out = File(args.getOrElse(0) { "records.jsonl" })
    val writer = Writer(out, args.getOrNull(2)?.let { File(it) })
    val random = Random(20261207)
    val count = args.getOrElse(1) { "40" }.toInt()
    val width = maxOf(2, count.toString().length)
    val ids = (1..count).map { "account-%0${width}d".format(it) }
    ids.forEachIndexed { i, id -> writer.send(id, CreateAccount("owner-%0${width}d".format(i + 1), 1000L + 250L * i)) }
    repeat(3) { round ->
        ids.forEachIndexed { i, id ->
            val to = ids[(i + 1 + round * 7) % ids.size]
            when {
                i % 10 == 3 && round == 0 -> writer.send(to, FreezeAccount("audit"))
                i % 10 == 3 && round == 2 -> {
                    writer.send(ids[(i + 1) % ids.size], UnfreezeAccount("cleared"))
                }
                i % 9 == 5 -> {
                    writer.send(id, LockAmount(10L + round))
                    writer.send(id, UnlockAmount(id, 10L + round))
                }
            }
            writer.transfer(id, to, 1L + random.nextLong(1, 200))
        }
    }
    writer.write()
    System.err.println("records=${writer.records} accounts=${writer.accountCount} rejected=${writer.rejected} -> $out")
    ids.take(3).forEach { System.err.println("$it: balance=${writer.state(it).balanceAmount} locked=${writer.state(it).lockedAmount} frozen=${writer.state(it).isFrozen}") }
}
