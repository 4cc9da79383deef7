#!/bin/bash
# Usage: write-records.sh FILE [ACCOUNTS [EVENTS_FILE]]. Writes the transfer example's state events, made by Wow's own
# runtime (writer/WriteRecords.kt), as kcat -J lines: ACCOUNTS accounts (default 40), about ten records each; with
# EVENTS_FILE, also the event streams as Wow's Kafka bus sends them on the event topic.
set -euo pipefail
. "$(dirname "$0")/env.sh"
java -cp "$KIT/writer/target/writer-8.10.10.jar:$KIT/transfer-domain/target/transfer-domain-8.10.10.jar:$TRANSFER_API:$WOW_RT" \
  wowcheck.WriteRecordsKt "$1" "${2:-40}" ${3:+"$3"} 2>&1 | grep -v '^SLF4J\|kotlin-logging' || true
