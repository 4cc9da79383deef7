def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 6 : "bad-input line 2"

def expected = [
    'No Manifest at src/main/wow/missing.json: write the service\'s Manifest there',
    'The Manifest src/main/wow/invalid.json is not valid (',
    'http://127.0.0.1:1: cannot reach the registry: connection refused (is the registry running at that address?)',
    'http://127.0.0.1:1: cannot reach the registry: connection refused (is the registry running at that address?)',
    'settings.xml has no <server> with <id>no-such-server</id>',
    '<failOn> (wow-compat.failOn) is \'sometimes\'; use breaking, warning or never.',
]
runs.eachWithIndex { run, i ->
    assert run.contains('BUILD FAILURE') : "invocation ${i + 1} should fail"
    def error = run.readLines().find { it.startsWith('[ERROR] Failed to execute goal') }
    assert error != null && error.contains(expected[i]) : "invocation ${i + 1}: expected '${expected[i]}' in: $error"
    assert !(run =~ /(?m)^\s+at [\w$.]+[ (]/) && !run.contains('Caused by:') : "invocation ${i + 1}: no stack trace"
    assert !run.contains('This is a wow-compat bug') : "invocation ${i + 1}: bad input is not a bug"
}
// The invalid Manifest: one line per problem, each with its JSON pointer.
def invalid = runs[1].readLines()
assert invalid.any { it.contains('invalid.json: /service') } : "bad-input line 21"
assert invalid.any { it.contains('invalid.json: /version') } : "bad-input line 22"
true
