#!/usr/bin/env bash
# Measures what the manifest goal adds to `mvn verify` (docs/performance.md, "Manifest generation").
# Needs: hyperfine, and a finished `mvn -B verify` of the repository, which leaves the plugin, the Wow API stand-in
# and wow-compat-annotations in the integration tests' local repository (maven-plugin/target/local-repo).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$here/../../../target/local-repo"
version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$here/../../../pom.xml" | head -1)"
events="${EVENTS:-500}"
work="$here/target/perf"
rm -rf "$work"
mkdir -p "$work"
java "$here/GenerateService.java" "$events" "$work"
cp "$here/pom.xml" "$work/pom.xml"
# As in ../measure.sh: the test repository's files came from the repository "local.central" of the ITs' settings.
sed "s#@localRepositoryUrl@#file://$HOME/.m2/repository#" "$here/../../it/settings.xml" > "$work/settings.xml"
cd "$work"
args="-o -B -q -s settings.xml -Dmaven.repo.local=$repo -DwowCompatPluginVersion=$version"
# Compiles once, and fails loudly here when the plugin is not in $repo (Maven's log is shown only then). This first
# build is not offline: like the ITs' builds, it copies from the outer build's local repository into $repo the BOMs
# and plugins the offline builds below read, which $repo lacks when the ITs have not run.
if ! log="$(mvn ${args/-o /} verify 2>&1)"; then
  printf '%s\n' "$log" | tail -40 >&2
  echo "measure.sh: 'mvn verify' failed; the plugin must be in $repo: run 'mvn -B verify' at the repository root first" >&2
  exit 1
fi
echo "classes: $(find target/classes -name '*.class' | wc -l), events in the Manifest: $(grep -o '"revisions"' target/wow-compat/manifest.json | wc -l), Manifest: $(wc -c < target/wow-compat/manifest.json) bytes"
# Variants of two classes, for builds after a source was edited (maven-compiler-plugin then compiles every source of
# the module again: every class file is written again, one with other bytes): Agg0 with one handler's body changed,
# and Thing0Happened with a property added (the other classes are not compiled against it; the generator does not run them).
cp="target/classes:$(ls "$repo"/dev/wowcompat/{wow-api-stand-in,wow-compat-annotations}/*/*.jar | paste -sd:)"
mkdir -p variants/body variants/field variants/src/perf/agg0
cp target/classes/perf/agg0/Agg0.class variants/body/A.class
cp target/classes/perf/agg0/Thing0Happened.class variants/field/A.class
sed '0,/0L, false/s//1L, false/' src/main/java/perf/agg0/Agg0.java > variants/src/perf/agg0/Agg0.java
sed 's/String note) {}/String note, int added) {}/' src/main/java/perf/agg0/Thing0Happened.java > variants/src/perf/agg0/Thing0Happened.java
javac -d variants/body-out -cp "$cp" variants/src/perf/agg0/Agg0.java
javac -d variants/field-out -cp "$cp" variants/src/perf/agg0/Thing0Happened.java
cp variants/body-out/perf/agg0/Agg0.class variants/body/B.class
cp variants/field-out/perf/agg0/Thing0Happened.class variants/field/B.class
cat > recompiled.sh <<'SCRIPT'
# recompiled.sh CLASS VARIANTS: CLASS takes the other variant's bytes, and every class file is written again.
if cmp -s "$1" "$2/A.class"; then cp "$2/B.class" "$1"; else cp "$2/A.class" "$1"; fi
find target/classes -name '*.class' -exec touch {} +
SCRIPT
# Each build below does what it is named for (the goal's log says so), or this fails before measuring anything.
expect() { # message, then the build's arguments
  local message="$1"; shift
  local log; log="$(mvn ${args/-q/} "$@" verify 2>&1)" || { printf '%s\n' "$log" | tail -40 >&2; exit 1; }
  printf '%s\n' "$log" | grep -q "$message" || { printf '%s\n' "$log" | grep 'wow-compat' >&2; echo "measure.sh: expected '$message'" >&2; exit 1; }
}
expect "up to date (nothing it is generated from changed"
bash recompiled.sh target/classes/perf/agg0/Agg0.class variants/body
expect "up to date (1 class changed only in method bodies it does not depend on"
bash recompiled.sh target/classes/perf/agg0/Thing0Happened.class variants/field
expect "wow-compat: Manifest of perf-service 1.0.0 generated from"
grep -q '"added"' target/wow-compat/manifest.json || { echo "measure.sh: the property added is not in the Manifest" >&2; exit 1; }
# Five builds: without the goal; with it, nothing changed since the last build (the Manifest is up to date); with it,
# the module compiled again after a handler's body changed (kept: the Manifest does not depend on that code); with it,
# compiled again after an event gained a property (generated again, in the forked JVM: what a clean build pays); the
# same generated in an isolated class loader of Maven's JVM instead (<fork>false</fork>). The compiler finds every
# class newer than its source in all five, so the differences are the goal.
hyperfine --warmup "${WARMUP:-2}" --runs "${RUNS:-10}" -N --export-markdown result.md \
  --prepare "bash recompiled.sh target/classes/perf/agg0/Agg0.class variants/body" --prepare true \
  --prepare "bash recompiled.sh target/classes/perf/agg0/Agg0.class variants/body" \
  --prepare "bash recompiled.sh target/classes/perf/agg0/Thing0Happened.class variants/field" \
  --prepare "bash recompiled.sh target/classes/perf/agg0/Thing0Happened.class variants/field" \
  -n "verify -Dwow-compat.skip" "mvn $args verify -Dwow-compat.skip" \
  -n "verify, nothing changed" "mvn $args verify" \
  -n "verify, compiled again, a handler body changed" "mvn $args verify" \
  -n "verify, compiled again, an event gained a property" "mvn $args verify" \
  -n "verify, the same, generated in Maven's JVM" "mvn $args verify -Dwow-compat.fork=false"
