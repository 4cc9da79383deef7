#!/usr/bin/env bash
# The command line's check of a large release against one and two baselines, each timed beside the floor for a
# JVM tool: a fresh JVM that only parses the same files into Jackson trees (docs/performance.md, "The command
# line's check against the parse floor"). Needs hyperfine and a built repository (mvn -B verify, or
# mvn -B -q package -DskipTests). Ratios, not seconds, are the figures: the floor runs in the same hyperfine run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
types="${TYPES:-5000}"
runs="${RUNS:-8}"
work="$root/benchmarks/target/check-floor-$types"
bench="$root/benchmarks/target/benchmarks.jar"
if [[ ! -f "$work/done" ]]; then
  rm -rf "$work"
  java -cp "$bench" dev.wowcompat.bench.ManifestGenerator --types "$types" --releases 3 --out "$work" >/dev/null
  touch "$work/done"
fi
v0="$(ls "$work"/*-000-*.json)"
v1="$(ls "$work"/*-001-*.json)"
v2="$(ls "$work"/*-002-*.json)"
cli="$root/bin/wow-compat"
"$cli" --version >/dev/null # builds the jar first if it is missing or stale
echo "candidate $(wc -c < "$v2") bytes; baselines $(wc -c < "$v1") and $(wc -c < "$v0") bytes; load average $(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine -N --warmup 1 --runs "$runs" --export-markdown "$work/result.md" \
  "java -cp $bench dev.wowcompat.bench.ParseFloor $v2 $v1" \
  "$cli check --candidate $v2 --baseline $v1" \
  "java -cp $bench dev.wowcompat.bench.ParseFloor $v2 $v1 $v0" \
  "$cli check --candidate $v2 --baseline $v1 --baseline $v0"
# Ratio of each check to its floor, from hyperfine's means.
awk -F'|' 'NR > 2 { gsub(/[ `]/, "", $3); split($3, t, "±"); mean[NR - 2] = t[1] }
  END { printf "one baseline: %.2fx the floor; two baselines: %.2fx the floor\n", mean[2] / mean[1], mean[4] / mean[3] }' "$work/result.md"
