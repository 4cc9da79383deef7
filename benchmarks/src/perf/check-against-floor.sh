#!/usr/bin/env bash
# The command line's check of a large release against one and two baselines, each timed beside the floor for a
# JVM tool: a fresh JVM that only parses the same files into Jackson trees (docs/performance.md, "The command
# line's check against the parse floor"). Needs hyperfine and a built repository (mvn -B verify, or
# mvn -B -q install -DskipTests). Ratios, not seconds, are the figures: each round times the four commands one
# after the other and divides each check by its floor of the same round, so that a machine whose load changes
# between rounds still gives comparable ratios; the medians of the rounds are printed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
types="${TYPES:-5000}"
rounds="${RUNS:-8}"
work="$root/benchmarks/target/check-floor-$types"
bench="$root/benchmarks/target/benchmarks.jar"
if [[ ! -f "$work/done" ]]; then
  rm -rf "$work"
  java -cp "$bench" dev.wowcompat.benchmarks.SyntheticReleases --types "$types" --releases 3 --out "$work" >/dev/null
  touch "$work/done"
fi
v0="$(ls "$work"/*-000-*.json)"
v1="$(ls "$work"/*-001-*.json)"
v2="$(ls "$work"/*-002-*.json)"
cli="$root/bin/wow-compat"
"$cli" --version >/dev/null # builds the jar first if it is missing or stale
echo "candidate $(wc -c < "$v2") bytes; baselines $(wc -c < "$v1") and $(wc -c < "$v0") bytes; load average $(cut -d' ' -f1-3 /proc/loadavg)"
: > "$work/rounds.csv"
for round in $(seq 1 "$rounds"); do
  hyperfine -N --runs 1 --export-csv "$work/round.csv" \
    "java -cp $bench dev.wowcompat.benchmarks.ParseFloor $v2 $v1" \
    "$cli check --candidate $v2 --baseline $v1" \
    "java -cp $bench dev.wowcompat.benchmarks.ParseFloor $v2 $v1 $v0" \
    "$cli check --candidate $v2 --baseline $v1 --baseline $v0" >/dev/null
  # One line a round: the four wall times in seconds, in the order above.
  awk -F, 'NR > 1 { printf "%s%s", (NR > 2 ? "," : ""), $2 } END { print "" }' "$work/round.csv" >> "$work/rounds.csv"
done
echo "seconds a round (floor 1, check 1, floor 2, check 2):"
cat "$work/rounds.csv"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
one="$(awk -F, '{ print $2 / $1 }' "$work/rounds.csv" | median)"
two="$(awk -F, '{ print $4 / $3 }' "$work/rounds.csv" | median)"
printf "median of %s rounds: one baseline %.2fx the floor, two baselines %.2fx the floor (load average %s)\n" \
  "$rounds" "$one" "$two" "$(cut -d' ' -f1-3 /proc/loadavg)"
