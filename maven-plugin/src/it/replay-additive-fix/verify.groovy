import groovy.json.JsonSlurper

// build.log holds the two invocations one after the other: 1.0.0 installed, then 1.1.0 replayed.
def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 2 : "expected 2 invocations, found ${runs.size()}"
def log = runs[1]
assert log.contains('BUILD SUCCESS') : 'the additive fix should pass'
// The release before, installed by the first invocation, is resolved for the rollback check: its jar, the runtime
// stand-in, the API stand-in it depends on, and Jackson's databind, core and annotations.
assert log.contains('wow-compat: rollback baseline dev.wowcompat.it:wallet-service-additive:1.0.0 (6 classpath entries)') : 'the rollback baseline'
// Five state events of two wallets replayed, and the verdict without a breaking finding.
assert log.contains('REPLAY: 5 messages on 1 topic: 0 breaking, 0 warning') : 'the verdict in the build log'
assert log.contains('Replayed 2 aggregates: 5 events.') : 'every recorded event replayed'
def json = new JsonSlurper().parse(new File(basedir, 'target/wow-compat/replay.json'))
assert json.findings.every { it.severity != 'breaking' } : "no breaking finding: ${json.findings*.id}"
assert !json.findings.any { it.id == 'replay-state-changed' || it.id == 'replay-state-lost' } : "${json.findings*.id}"
true
