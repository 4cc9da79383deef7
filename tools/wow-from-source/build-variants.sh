#!/bin/bash
# Compiles the transfer example's domain module once unchanged and once for each changed meaning into
# $OUT/variants/<name>/classes (README.md, "The variants"). Run after the kit's mvn package.
set -euo pipefail
. "$(dirname "$0")/env.sh"
D=$WOW_SRC/example/transfer/example-transfer-domain/src/main/java/me/ahoo/wow/example/transfer/domain
P=me/ahoo/wow/example/transfer/domain
GUARD='if (!"0.0.0".equals(domainEventRecord.getRevision())) { return domainEventRecord; }'
mk() { # name: the module's sources and our metadata
  rm -rf "$OUT/variants/$1"; mkdir -p "$OUT/variants/$1/src/$P" "$OUT/variants/$1/classes/META-INF"
  cp "$D"/*.java "$OUT/variants/$1/src/$P/"
  cp "$KIT/transfer-domain/src/main/resources/META-INF/wow-metadata.json" "$OUT/variants/$1/classes/META-INF/"
}
upgrader() { # name, guarded: yes or no
  local with=$GUARD
  [ "$2" = yes ] || with='// no source-revision guard: rewrites every account_created'
  sed "s|//GUARD|$with|" "$KIT/variants/AccountCreatedUpgrader.java" > "$OUT/variants/$1/src/$P/AccountCreatedUpgrader.java"
}
services() {
  mkdir -p "$OUT/variants/$1/classes/META-INF/services"
  echo me.ahoo.wow.example.transfer.domain.AccountCreatedUpgrader > "$OUT/variants/$1/classes/META-INF/services/me.ahoo.wow.event.upgrader.EventUpgrader"
}
change() { # name, then a Python regular expression and its replacement in AccountState.java, which must match
  python3 - "$OUT/variants/$1/src/$P/AccountState.java" "$2" "$3" <<'PY'
import re, sys
path, pattern, replacement = sys.argv[1:]
text = open(path).read()
changed = re.sub(pattern, replacement, text, count=1, flags=re.S)
if changed == text:
    sys.exit(f"{path}: {pattern} does not match: the example changed, the variant must be written again")
open(path, "w").write(changed)
PY
}
mk clean
mk scaled;         change scaled '(balanceAmount \+ amountEntered\.amount\(\))' '\1 * 100'
mk scaled-created; change scaled-created '(= accountCreated\.balance\(\))' '\1 * 100'
mk guarded;        upgrader guarded yes;      services guarded
mk unguarded;      upgrader unguarded no;     services unguarded
mk unregistered;   upgrader unregistered yes
mk unsourced;      change unsourced '\n    void onSourcing\(AmountEntered amountEntered\) \{\n[^}]*\}\n' '\n'
for v in clean scaled scaled-created guarded unguarded unregistered unsourced; do
  javac -nowarn -parameters --release 17 -cp "$TRANSFER_API:$WOW_RT" -d "$OUT/variants/$v/classes" $(find "$OUT/variants/$v/src" -name '*.java')
  echo "built $v"
done
