import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE') : 'the changed meaning should fail the build'
assert log.contains('replay-state-changed') : 'the finding should be named in the build log'
// The finding is logged at [ERROR], and the failure names it with where it was first found.
assert log =~ /(?m)^\[ERROR\] +BREAKING replay-state-changed/ : 'replay-state-changed should be logged at [ERROR]'
assert log.contains('The replay of wallet-service 1.1.0 found 1 failing finding') : 'the failure message with the count'
assert log =~ /\[replay-state-changed\] 3 times, first at w-\d \/state\/balance/ : 'the failure names the member'
assert !(log =~ /(?m)^\s+at [\w$.]+[ (]/) && !log.contains('Caused by:') : 'no stack trace in the log'

def dir = new File(basedir, 'target/wow-compat')
def json = new JsonSlurper().parse(new File(dir, 'replay.json'))
def changed = json.findings.find { it.id == 'replay-state-changed' }
assert changed != null : "replay-state-changed in replay.json: ${json.findings*.id}"
assert changed.severity == 'breaking'
// w-1 at versions 2 and 3, w-2 at version 2. Each version is sourced from the state recorded before it: w-1's third
// starts from the recorded 12.50 and adds 7.25 read as 725 cents.
assert changed.count == 3 : "count ${changed.count}"
assert changed.examples.every { it.pointer == '/state/balance' } : "examples ${changed.examples}"
def seen = changed.examples.collectEntries { [(it.key + '@' + it.version): it.message] }
assert seen == ['w-1@2': 'recorded 12.5, replayed 1250 (x100); version 2 sourced funds_added@1.0.0',
                'w-1@3': 'recorded 19.75, replayed 737.5 (x37.3418); version 3 sourced funds_added@1.0.0',
                'w-2@2': 'recorded 100, replayed 10000 (x100); version 2 sourced funds_added@1.0.0'] : "examples ${seen}"
assert json.findings.every { it.id == 'replay-state-changed' || it.severity != 'breaking' } : "only the changed meaning breaks: ${json.findings*.id}"
assert new File(dir, 'replay.md').text.contains('replay-state-changed') : 'replay.md'
assert new File(dir, 'replay.xml').text.contains('<testsuite') : 'replay.xml is JUnit XML'
// No earlier release is installed: the rollback check has nothing to roll back to, and says so.
assert log.contains('there is nothing to roll back to') : 'the rollback baseline is looked for'
true
