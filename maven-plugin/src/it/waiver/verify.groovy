import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 3 : "waiver line 4"

// 1: the waiver with a reason turns the failure into a pass, and the report lists the finding as waived.
assert runs[0].contains('BUILD SUCCESS') : "waiver line 7"
def waived = new JsonSlurper().parse(new File(basedir, 'target/reports/waived/report.json'))
assert waived.verdict == 'compatible' : "waiver line 9"
assert !waived.findings.any { it.rule == 'field-removed' } : "waiver line 10"
assert waived.waived.any { it.rule == 'field-removed' && it.subject.startsWith('bank.account.Deposited') && it.reason.contains('ADR-12') } : "waiver line 11"
assert new File(basedir, 'target/reports/waived/report.md').text.contains('ADR-12') : "waiver line 12"
// The revision-changed derived from the removal is waived with it, its reason naming the cause's.
assert !waived.findings.any { it.rule == 'revision-changed' } : "waiver: derived finding still counted"
assert waived.waived.any { it.rule == 'revision-changed' && it.reason.contains('field-removed') && it.reason.contains('ADR-12') } : "waiver: derived finding not listed as waived"

// 2: an ignore without a reason fails the build with one sentence, before anything is checked.
assert runs[1].contains('BUILD FAILURE') : "waiver line 15"
assert runs[1].contains('<ignore> number 1 of <ignores> has no reason') : "waiver line 16"
assert !new File(basedir, 'target/reports/no-reason').exists() : "waiver line 17"
assert !(runs[1] =~ /(?m)^\s+at [\w$.]+[ (]/) : "waiver line 18"

// 3: a waiver for another subject does not hide the finding, and is reported as unused.
assert runs[2].contains('BUILD FAILURE') && runs[2].contains('[field-removed] bank.account.Deposited@1') : "waiver line 21"
assert runs[2].contains('matches no finding') : "waiver line 22"
true
