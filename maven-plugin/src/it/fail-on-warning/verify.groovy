import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 2 : "expected 2 invocations, found ${runs.size()}"
assert runs[0].contains('BUILD SUCCESS') && runs[0].contains('enum-value-added') : 'a warning passes by default and is in the log'
assert runs[1].contains('BUILD FAILURE') : 'failOn=warning fails on a warning'
assert runs[1] =~ /bank-service@1\.1\.0 has 1 warning against bank-service@1\.0\.0/ : 'the failure message counts the warning'
assert runs[1].contains('[enum-value-added] bank.account') : 'the failure message lists the finding'
['default', 'fail-on-warning'].each {
    def json = new JsonSlurper().parse(new File(basedir, "target/reports/$it/report.json"))
    assert json.verdict == 'compatible' && json.summary.warning >= 1 : "$it: ${json.summary}"
    assert json.findings.any { f -> f.rule == 'enum-value-added' && f.severity == 'warning' && f.subject == 'bank.account' } : "$it: ${json.findings*.rule}"
}
true
