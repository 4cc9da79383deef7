import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'the additive fix should pass'
// Five state events of two wallets replayed, and the verdict without a breaking finding.
assert log.contains('REPLAY: 5 messages on 1 topic: 0 breaking, 0 warning') : 'the verdict in the build log'
assert log.contains('Replayed 2 aggregates: 5 events.') : 'every recorded event replayed'
def json = new JsonSlurper().parse(new File(basedir, 'target/wow-compat/replay.json'))
assert json.findings.every { it.severity != 'breaking' } : "no breaking finding: ${json.findings*.id}"
assert !json.findings.any { it.id == 'replay-state-changed' || it.id == 'replay-state-lost' } : "${json.findings*.id}"
true
