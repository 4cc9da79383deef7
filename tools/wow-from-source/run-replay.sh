#!/bin/bash
# Usage: run-replay.sh VARIANT RECORDS. Replays RECORDS (kcat -J lines the unchanged example wrote) with the variant's
# classes; prints the exit code and each finding's id, severity and count, and whether a child JVM was left.
set -uo pipefail
. "$(dirname "$0")/env.sh"
mkdir -p "$OUT/results"
java -jar "$WOW_COMPAT_JAR" replay --classpath "$OUT/variants/$1/classes:$TRANSFER_API:$WOW_RT" --input "$2" \
  --format json --output "$OUT/results/$1.json" 2>/dev/null
exit_code=$?
python3 - "$1" "$exit_code" "$OUT/results/$1.json" <<'PY'
import json, sys
variant, code, path = sys.argv[1:]
report = json.load(open(path))
print(f"{variant}: exit {code}, {report['replay']['aggregates']} aggregates, {report['replay']['events']} events")
for finding in report["findings"]:
    print(f"  {finding['id']} [{finding['severity']}] x{finding['count']}: {finding['examples'][0]['message'][:100]}")
PY
sleep 1
echo "  child JVMs left: $(pgrep -f "ReplayRunner.*$OUT/variants/$1/" | wc -l)"
