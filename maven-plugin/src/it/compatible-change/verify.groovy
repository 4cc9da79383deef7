import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
def dir = new File(basedir, 'target/wow-compat')
def json = new JsonSlurper().parse(new File(dir, 'report.json'))
assert json.verdict == 'compatible'
assert json.candidate.service == 'bank-service' && json.candidate.version == '1.1.0'
assert json.baselines.collect { it.version } == ['1.0.0']
assert json.summary.breaking == 0
assert !json.findings.any { it.severity == 'breaking' }
assert new File(dir, 'report.md').text.contains('bank-service')
assert new File(dir, 'report.xml').text.contains('<testsuite')
// Only the three formats written by default.
assert !new File(dir, 'report.sarif').exists()
true
