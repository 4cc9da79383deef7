import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS') : 'a compatible change passes (with draft-04 and draft-06 schemas among draft 2020-12 ones)'
def dir = new File(basedir, 'target/wow-compat')
def json = new JsonSlurper().parse(new File(dir, 'report.json'))
assert json.verdict == 'compatible' : "verdict ${json.verdict}"
assert json.candidate.service == 'bank-service' && json.candidate.version == '1.1.0' : "candidate ${json.candidate}"
assert json.baselines.collect { it.version } == ['1.0.0'] : "baselines ${json.baselines}"
assert json.summary.breaking == 0 : "summary ${json.summary}"
assert log.contains('bank-service@1.1.0') : 'the text report is in the build log'
assert new File(dir, 'report.md').text.contains('bank-service') : 'report.md'
assert new File(dir, 'report.xml').text.contains('<testsuite') : 'report.xml'
assert !new File(dir, 'report.sarif').exists() : 'only the three default formats'
// The changelog: the staged property and the new error code, in the JSON, markdown and text reports (<changes> is all).
assert json.changes.collect { "${it.kind} ${it.subject} ${it.pointer}".toString().trim() } == [
        'property-added bank.account.Deposited@1 /properties/reference',
        'error-code-added bank.account.account-closed'] : "changes ${json.changes}"
assert new File(dir, 'report.md').text.contains('### Compatible changes') : 'report.md lists the changes'
assert log.contains('Compatible changes (2):') : 'the text report in the build log lists the changes'
true
