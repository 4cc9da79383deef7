// @kafkajs/confluent-schema-registry against the registry's Confluent-compatible API (docs/ccompat.md): registers a
// plain JSON Schema, reads it back, encodes and decodes a message through Confluent's wire format, and tries an
// incompatible schema. Prints one JSON object of what it saw; CcompatClientsTest judges it.
// Arguments: the base URL (…/ccompat/v7), a subject, a token (or "-" for none).
const { SchemaRegistry, SchemaType } = require('@kafkajs/confluent-schema-registry')

const [base, subject, token] = process.argv.slice(2)
const auth = token && token !== '-' ? { username: 'kafkajs', password: token } : undefined
const registry = new SchemaRegistry({ host: base, auth })

const first = { type: 'object', title: 'Order', properties: { id: { type: 'string' }, total: { type: 'number' } }, required: ['id'] }
// A new required property: a message written with the first schema lacks it, so BACKWARD refuses it.
const breaking = { type: 'object', title: 'Order', properties: { id: { type: 'string' }, total: { type: 'number' }, customer: { type: 'string' } },
  required: ['id', 'customer'] }

async function main () {
  const out = {}
  const registered = await registry.register({ type: SchemaType.JSON, schema: JSON.stringify(first) }, { subject })
  out.registeredId = registered.id
  out.againId = (await registry.register({ type: SchemaType.JSON, schema: JSON.stringify(first) }, { subject })).id
  out.latestId = await registry.getLatestSchemaId(subject)
  const fresh = new SchemaRegistry({ host: base, auth })
  const schema = await fresh.getSchema(registered.id)
  out.schemaValidates = schema.isValid({ id: 'o-1', total: 12.5 })
  const message = { id: 'o-1', total: 12.5 }
  const encoded = await registry.encode(registered.id, message)
  out.magicByte = encoded.readUInt8(0)
  out.encodedId = encoded.readInt32BE(1)
  out.decoded = await fresh.decode(encoded)
  try {
    await registry.register({ type: SchemaType.JSON, schema: JSON.stringify(breaking) }, { subject })
    out.incompatible = 'accepted'
  } catch (e) {
    out.incompatible = { name: e.name, status: e.status === undefined ? null : e.status, message: String(e.message) }
  }
  try {
    await registry.encode(registered.id, { total: 'twelve' })
    out.invalidEncoded = 'accepted'
  } catch (e) {
    out.invalidEncoded = e.name
  }
  console.log(JSON.stringify(out))
}

main().catch(e => {
  console.log(JSON.stringify({ failed: String(e && e.stack ? e.stack : e) }))
  process.exit(1)
})
