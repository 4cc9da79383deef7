"""confluent-kafka's SchemaRegistryClient (Debian's python3-confluent-kafka) against the registry's
Confluent-compatible API (docs/ccompat.md): subjects, a registered type's latest version, test_compatibility,
register_schema on a plain subject. Prints one JSON object of what it saw; CcompatClientsTest judges it.
Arguments: the base URL (.../ccompat/v7), a registered type's name, a plain subject, a token (or "-" for none)."""
import json
import sys

from confluent_kafka.schema_registry import Schema, SchemaRegistryClient
from confluent_kafka.schema_registry.error import SchemaRegistryError

base, type_name, plain, token = sys.argv[1:5]
conf = {"url": base}
if token != "-":
    conf["basic.auth.user.info"] = "confluent-kafka:" + token
client = SchemaRegistryClient(conf)

out = {}
out["subjects"] = client.get_subjects()
latest = client.get_latest_version(type_name)
out["latest"] = {"id": latest.schema_id, "version": latest.version, "subject": latest.subject,
                 "schemaType": latest.schema.schema_type, "schema": json.loads(latest.schema.schema_str)}
held = Schema(latest.schema.schema_str, "JSON")
out["heldCompatible"] = client.test_compatibility(type_name, held)
changed = json.loads(latest.schema.schema_str)
changed["properties"]["amount"]["type"] = "string"
out["changedCompatible"] = client.test_compatibility(type_name, Schema(json.dumps(changed), "JSON"))
out["heldRegisteredId"] = client.register_schema(type_name, held)
try:
    client.register_schema(type_name, Schema(json.dumps(changed), "JSON"))
    out["changedRegistered"] = "accepted"
except SchemaRegistryError as e:
    out["changedRegistered"] = {"status": e.http_status_code, "code": e.error_code, "message": e.error_message}

first = {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}
out["plainId"] = client.register_schema(plain, Schema(json.dumps(first), "JSON"))
breaking = {"type": "object", "properties": {"sku": {"type": "string"}, "size": {"type": "integer"}}, "required": ["sku", "size"]}
out["plainBreakingCompatible"] = client.test_compatibility(plain, Schema(json.dumps(breaking), "JSON"))
try:
    client.register_schema(plain, Schema(json.dumps(breaking), "JSON"))
    out["plainBreakingRegistered"] = "accepted"
except SchemaRegistryError as e:
    out["plainBreakingRegistered"] = {"status": e.http_status_code, "code": e.error_code, "message": e.error_message}
try:
    client.register_schema(plain, Schema('{"type": "record", "name": "A", "fields": []}', "AVRO"))
    out["avroRegistered"] = "accepted"
except SchemaRegistryError as e:
    out["avroRegistered"] = {"status": e.http_status_code, "code": e.error_code, "message": e.error_message}
out["plainLatest"] = client.get_latest_version(plain).schema_id
out["plainById"] = json.loads(client.get_schema(out["plainId"]).schema_str)
print(json.dumps(out))
