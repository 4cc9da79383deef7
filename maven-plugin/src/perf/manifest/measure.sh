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
# Compiles once, and fails loudly here when the plugin is not in $repo (Maven's log is shown only then).
if ! log="$(mvn $args verify 2>&1)"; then
  printf '%s\n' "$log" | tail -40 >&2
  echo "measure.sh: 'mvn verify' failed; the plugin must be in $repo: run 'mvn -B verify' at the repository root first" >&2
  exit 1
fi
echo "classes: $(find target/classes -name '*.class' | wc -l), events in the Manifest: $(grep -o '"revisions"' target/wow-compat/manifest.json | wc -l), Manifest: $(wc -c < target/wow-compat/manifest.json) bytes"
# Three builds: without the goal; with it, nothing changed since the last build (the Manifest is up to date); with
# it, one class compiled again (touched: newer than the record, so the goal generates the whole Manifest, as for a
# real change; the compiler does not compile again, since the class is newer than its source).
hyperfine --warmup 2 --runs "${RUNS:-10}" -N --export-markdown result.md \
  --prepare true --prepare true --prepare "touch target/classes/perf/agg0/Thing0Happened.class" \
  -n "verify -Dwow-compat.skip" "mvn $args verify -Dwow-compat.skip" \
  -n "verify, nothing changed" "mvn $args verify" \
  -n "verify, one class changed" "mvn $args verify"
