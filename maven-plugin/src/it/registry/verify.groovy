import groovy.json.JsonSlurper

try {
    def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
    assert runs.size() == 8 : "expected 8 invocations, found ${runs.size()}"
    def noTrace = { run -> !(run =~ /(?m)^\s+at [\w$.]+[ (]/) && !run.contains('Caused by:') }
    runs.each { assert noTrace(it) }

    // 1: the first release: the registry knows nothing yet, the check passes and the release registers (201).
    assert runs[0].contains('BUILD SUCCESS') : "registry line 10"
    assert runs[0] =~ /bank-service@1\.0\.0 registered at http:\/\/127\.0\.0\.1:\d+/ : "registry line 11"
    // 2: the same content again is not an error (200).
    assert runs[1].contains('BUILD SUCCESS') && runs[1].contains('bank-service@1.0.0 was registered before with the same content') : "registry line 13"
    // 3: a compatible release: checked against the registry's 1.0.0, then registered.
    assert runs[2].contains('BUILD SUCCESS') && runs[2].contains('bank-service@1.1.0 registered') : "registry line 15"
    def r110 = new JsonSlurper().parse(new File(basedir, 'v1.1.0/target/wow-compat/report.json'))
    assert r110.verdict == 'compatible' && r110.baselines.any { it.version == '1.0.0' } : "registry line 17"
    // 4: a field removed: the registry's dry run finds it, the build fails with the rule id.
    assert runs[3].contains('BUILD FAILURE') && runs[3].contains('[field-removed] bank.account.Deposited@1') : "registry line 19"
    def r120 = new JsonSlurper().parse(new File(basedir, 'v1.2.0-breaking/target/wow-compat/report.json'))
    assert r120.verdict == 'breaking' && r120.baselines*.version.containsAll(['1.0.0', '1.1.0']) : "registry line 21"
    // 5: registering it anyway: 409, the registry's report in the log and a failure naming the count.
    assert runs[4].contains('BUILD FAILURE') && runs[4].contains('field-removed') : "registry line 23"
    assert runs[4] =~ /The registry at http:\/\/127\.0\.0\.1:\d+ refused bank-service@1\.2\.0: it has \d+ breaking findings?/ : "registry line 24"
    // 6: 1.0.0 again with other content: 409, releases are immutable.
    assert runs[5].contains('BUILD FAILURE') && runs[5] =~ /refused bank-service@1\.0\.0: HTTP 409/ : "registry line 26"
    // 7, 8: a wrong token and no token: one sentence each.
    assert runs[6].contains('BUILD FAILURE') && runs[6].contains('refused the token of <server> wow-registry-wrong from settings.xml (HTTP 401') : "registry line 28"
    assert runs[7].contains('BUILD FAILURE') && runs[7].contains('needs a token (HTTP 401') : "registry line 29"
} finally {
    def pid = new File(basedir, 'target/registry.pid')
    if (pid.isFile()) ProcessHandle.of(pid.text.trim() as long).ifPresent { it.destroy() }
}
true
