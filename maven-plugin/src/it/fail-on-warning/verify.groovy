import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.trim() }
assert runs.size() == 2
assert runs[0].contains('BUILD SUCCESS') && runs[0].contains('enum-value-added')
assert runs[1].contains('BUILD FAILURE') && runs[1] =~ /bank-service@1\.1\.0 has 1 warning against bank-service@1\.0\.0/
assert runs[1].contains('[enum-value-added] bank.account')
['default', 'fail-on-warning'].each {
    def json = new JsonSlurper().parse(new File(basedir, "target/reports/$it/report.json"))
    assert json.verdict == 'compatible' && json.summary.warning >= 1
    assert json.findings.any { f -> f.rule == 'enum-value-added' && f.severity == 'warning' && f.subject == 'bank.account' }
}
true
