import groovy.json.JsonSlurper

try {
    def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
    assert runs.size() == 8 : "expected 8 invocations, found ${runs.size()}"
    def noTrace = { run -> !(run =~ /(?m)^\s+at [\w$.]+[ (]/) && !run.contains('Caused by:') }
    runs.each { assert noTrace(it) }
    def json = { String path -> new JsonSlurper().parse(new File(basedir, path)) }

    // 1: the project's release is registered.
    assert runs[0].contains('BUILD SUCCESS') && runs[0].contains('bank-service@1.2.0 registered') : "can-deploy line 11"
    // 2: staging: yes, and the three report files.
    assert runs[1].contains('BUILD SUCCESS') && runs[1].contains('bank-service@1.2.0 can be deployed to staging') : "can-deploy line 13"
    def staging = json('target/staging/can-deploy.json')
    assert staging.deployable == true && staging.environment == 'staging' && staging.findings.isEmpty() : "can-deploy line 15"
    assert staging.baselines*.service == ['bank-service', 'ledger-service'] : "can-deploy line 16"
    assert new File(basedir, 'target/staging/can-deploy.md').isFile() && new File(basedir, 'target/staging/can-deploy.xml').isFile() : "can-deploy line 17"
    // 3: production: no; the lagging consumer is named with its version, the build fails with the rule id.
    assert runs[2].contains('BUILD FAILURE') : "can-deploy line 19"
    assert runs[2].contains('bank-service@1.2.0 cannot be deployed to production: it has 1 breaking finding') : "can-deploy line 20"
    assert runs[2].contains('[consumer-lags] bank.account.Deposited@2') && runs[2].contains('ledger-service@1.0.0 reads only revision 1') : "can-deploy line 21"
    def production = json('target/wow-compat/can-deploy.json')
    assert production.deployable == false && production.environment == 'production' && production.findings*.rule == ['consumer-lags'] : "can-deploy line 23"
    assert new File(basedir, 'target/wow-compat/can-deploy.xml').text.contains('consumer-lags') : "can-deploy line 24"
    // 4: the consumer's upgrade, named by service and version: yes.
    assert runs[3].contains('BUILD SUCCESS') && runs[3].contains('ledger-service@1.1.0 can be deployed to production') : "can-deploy line 26"
    assert json('target/ledger/can-deploy.json').deployable == true : "can-deploy line 27"
    // 5: an unknown release: one sentence with the registry's problem code.
    assert runs[4].contains('BUILD FAILURE') && runs[4] =~ /cannot check bank-service@9\.9\.9 for production: HTTP 404 .*\(wow-compat\.release\.not-found\)/ : "can-deploy line 29"
    // 6: the waiver makes it deployable and is listed with its reason.
    assert runs[5].contains('BUILD SUCCESS') : "can-deploy line 31"
    def waived = json('target/waived/can-deploy.json')
    assert waived.deployable == true && waived.waived*.reason == ['the ledger is drained before the switch'] : "can-deploy line 33"
    // 7: a typo: one sentence with the near and the known names and how to say an environment is new; no report written.
    assert runs[6].contains('BUILD FAILURE') : "can-deploy line 35"
    assert runs[6].contains("no deployment was ever recorded in 'prodution' (wow-compat.environment.not-found); did you mean 'production'? "
            + "It knows 'production', 'staging'. A first deployment there says so with <newEnvironment>true</newEnvironment> "
            + "(-Dwow-compat.newEnvironment=true).") : "can-deploy line 36"
    assert !new File(basedir, 'target/typo/can-deploy.json').exists() : "can-deploy line 39"
    // 8: a new environment said to be one: deployable, nothing runs there.
    assert runs[7].contains('BUILD SUCCESS') && runs[7].contains('bank-service@1.2.0 can be deployed to eu-west') : "can-deploy line 41"
    def fresh = json('target/new/can-deploy.json')
    assert fresh.deployable == true && fresh.environment == 'eu-west' && fresh.baselines.isEmpty() : "can-deploy line 43"
} finally {
    def pid = new File(basedir, 'target/registry.pid')
    if (pid.isFile()) ProcessHandle.of(pid.text.trim() as long).ifPresent { it.destroy() }
}
true
