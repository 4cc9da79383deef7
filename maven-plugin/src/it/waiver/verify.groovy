import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.trim() }
assert runs.size() == 3

// 1: the waiver with a reason turns the failure into a pass, and the report lists the finding as waived.
assert runs[0].contains('BUILD SUCCESS')
def waived = new JsonSlurper().parse(new File(basedir, 'target/reports/waived/report.json'))
assert waived.verdict == 'compatible'
assert !waived.findings.any { it.rule == 'field-removed' }
assert waived.waived.any { it.rule == 'field-removed' && it.subject.startsWith('bank.account.Deposited') && it.reason.contains('ADR-12') }
assert new File(basedir, 'target/reports/waived/report.md').text.contains('ADR-12')

// 2: an ignore without a reason fails the build with one sentence, before anything is checked.
assert runs[1].contains('BUILD FAILURE')
assert runs[1].contains('<ignore> number 1 of <ignores> has no <reason>')
assert !new File(basedir, 'target/reports/no-reason').exists()
assert !(runs[1] =~ /(?m)^\s+at [\w$.]+\(/)

// 3: a waiver for another subject does not hide the finding, and is reported as unused.
assert runs[2].contains('BUILD FAILURE') && runs[2].contains('[field-removed] bank.account.Deposited@1')
assert runs[2].contains('matches no finding')
true
