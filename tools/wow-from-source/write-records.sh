#!/bin/bash
# Usage: write-records.sh FILE [ACCOUNTS]. Writes the transfer example's state events, made by Wow's own runtime
# (writer/WriteRecords.kt), as kcat -J lines: ACCOUNTS accounts (default 40), about ten records each.
set -euo pipefail
. "$(dirname "$0")/env.sh"
java -cp "$KIT/writer/target/writer-8.10.10.jar:$KIT/transfer-domain/target/transfer-domain-8.10.10.jar:$TRANSFER_API:$WOW_RT" \
  wowcheck.WriteRecordsKt "$1" "${2:-40}" 2>&1 | grep -v '^SLF4J\|kotlin-logging' || true
