import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 3 : "expected 3 invocations, found ${runs.size()}"

def removed = new JsonSlurper().parse(new File(basedir, 'target/reports/field-removed/report.json'))
assert runs[0].contains('BUILD SUCCESS') : 'an optional field removed from an open object is BACKWARD compatible'
assert removed.level == 'BACKWARD' && removed.verdict == 'compatible' : "level ${removed.level}, verdict ${removed.verdict}"
assert !removed.findings.any { it.rule == 'field-removed' && it.severity == 'breaking' } : "findings ${removed.findings*.rule}"

def changed = new JsonSlurper().parse(new File(basedir, 'target/reports/type-changed/report.json'))
assert runs[1].contains('BUILD FAILURE') && runs[1].contains('field-type-changed') : 'a type change breaks BACKWARD'
assert changed.level == 'BACKWARD' && changed.verdict == 'breaking' : "level ${changed.level}, verdict ${changed.verdict}"
assert changed.findings.any { it.rule == 'field-type-changed' && it.subject == 'bank.account.Deposited@1' && it.pointer.contains('amount') } : "findings ${changed.findings}"
// The ADDITIVE meaning rules are not part of a plain level.
assert !changed.findings.any { it.rule == 'meaning-changed' } : 'meaning-changed is an ADDITIVE rule'

assert runs[2].contains('BUILD FAILURE') && runs[2].contains("<level> (wow-compat.level) is 'SIDEWAYS'; use one of ADDITIVE, NONE, BACKWARD") : 'unknown level'
true
