import groovy.json.JsonSlurper

// Computed independently of wow-compat: SHA-256 of the RFC 8785 form of the state schema in the Manifest,
// and of the same schema without its "status" property (the state schema of an earlier release).
def current = 'a0f0498b893793640466cb8f7dc92bc5579361cc4ef8e6d9a9a93299d860b61c'
def stale = '236860ce75ad16f472fb949434e5d86d7e732d9fb065a0246b0161efe14377b8'

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 2 : "fingerprint line 9"

assert runs[0].contains('BUILD SUCCESS') : "fingerprint line 11"
assert runs[0] =~ /state\s+$current bank\.account/ : "fingerprint line 12"
['alice-view.json', 'alice-state-event.json', 'alice-snapshot.json'].each { assert runs[0].contains(it) }
def fps = new JsonSlurper().parse(new File(basedir, 'target/wow-compat/fingerprints.json'))
assert fps.service == 'bank-service' && fps.version == '1.0.0' : "fingerprint line 15"
assert fps.fingerprints.find { it.kind == 'state' && it.subject == 'bank.account' }.fingerprint == current : "fingerprint line 16"
// every state, command and event revision schema: 1 state, 2 commands, 2 event revisions
assert fps.fingerprints.size() == 5 : "fingerprint line 18"
assert fps.fingerprints.collect { it.subject } as Set == ['bank.account', 'bank.account.Open', 'bank.account.Deposit',
        'bank.account.Opened@1', 'bank.account.Deposited@1'] as Set
assert fps.fingerprints.every { it.fingerprint ==~ /[0-9a-f]{64}/ } : "fingerprint line 21"

assert runs[1].contains('BUILD FAILURE') : "fingerprint line 23"
assert runs[1].contains('1 of 2 files') : "fingerprint line 24"
assert runs[1].contains('bob-snapshot.json: schemaFingerprint ' + stale + ' is stale: the current state schema of bank.account is ' + current) : "fingerprint line 25"
assert !(runs[1] =~ /(?m)^\s+at [\w$.]+[ (]/) : "fingerprint line 26"
true
