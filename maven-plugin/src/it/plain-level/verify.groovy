import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 6 : "expected 6 invocations, found ${runs.size()}"

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
def tuple = new JsonSlurper().parse(new File(basedir, 'target/reports/tuple/report.json'))
assert runs[3].contains('BUILD SUCCESS') && tuple.verdict == 'compatible' : "a tuple without \$schema is read as draft-07: ${tuple.findings}"
assert runs[4].contains('BUILD FAILURE') && runs[4].contains('/contexts/bank/aggregates/account/commands/Open/schema/properties/branch/items: not a valid draft 2020-12 schema') : 'said to be 2020-12, the tuple is invalid'
assert runs[5].contains('BUILD FAILURE') && runs[5].contains("<defaultDraft> (wow-compat.defaultDraft) is 'draft-03'; use one of 2020-12, 2019-09, draft-07, draft-06, draft-04.") : 'unknown draft'
true
