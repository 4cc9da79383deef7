#!/usr/bin/env bash
# Measures what wow-compat:check adds to a Maven build (docs/performance.md, "Maven plugin").
# Needs: hyperfine, and a finished `mvn -B verify` of the repository, which leaves the plugin in the
# integration tests' local repository (maven-plugin/target/local-repo).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$here/../../target/local-repo"
# The plugin's version is its parent's, the first <version> of maven-plugin/pom.xml.
version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$here/../../pom.xml" | head -1)"
types="${TYPES:-500}"
cd "$here"
mkdir -p target/perf
java GenerateManifest.java "$types" 1.0.0 > target/perf/baseline-1.0.0.json
java GenerateManifest.java "$types" 1.1.0 --changed > target/perf/manifest.json
# The test repository records that its files came from the repository "local.central" of the ITs' settings;
# an offline build uses them only when a repository of that id is declared, so declare it the same way.
sed "s#@localRepositoryUrl@#file://$HOME/.m2/repository#" "$here/../it/settings.xml" > target/perf/settings.xml
args="-o -B -q -s target/perf/settings.xml -Dmaven.repo.local=$repo -DwowCompatPluginVersion=$version"
# Fails loudly here when the plugin is not in $repo (Maven's log is shown only then). This first build is not
# offline: like the ITs' builds, it copies from the outer build's local repository into $repo the BOMs and plugins
# the offline builds below read, which $repo lacks when the ITs have not run.
if ! log="$(mvn ${args/-o /} wow-compat:check 2>&1)"; then
  printf '%s\n' "$log" | tail -40 >&2
  echo "measure.sh: 'mvn wow-compat:check' failed; the plugin must be in $repo: run 'mvn -B verify' at the repository root first" >&2
  exit 1
fi
hyperfine --warmup "${WARMUP:-3}" --runs "${RUNS:-15}" -N --export-markdown target/perf/result.md \
  "mvn $args validate" "mvn $args wow-compat:check"
