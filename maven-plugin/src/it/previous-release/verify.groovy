import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 5 : "expected 5 invocations, found ${runs.size()}"

// 0.9.0: installed without a Manifest.
assert runs[0].contains('BUILD SUCCESS') && runs[0].contains('check skipped') : 'previous-release: 0.9.0 installed'
assert !new File(localRepositoryPath, 'dev/wowcompat/it/previous-release/0.9.0/previous-release-0.9.0-wow-manifest.json').exists() : '0.9.0 has no Manifest'
runs = runs.drop(1)

// 1.0.0: no earlier release, a note, and the Manifest installed beside the pom.
assert runs[0].contains('BUILD SUCCESS') : "previous-release line 7"
assert runs[0].contains('no earlier release of dev.wowcompat.it:previous-release with an attached Manifest was found') : 'the note for a first release'
assert runs[0].contains('1 earlier release of dev.wowcompat.it:previous-release (0.9.0) has no wow-manifest attached and is not compared.') : 'the release without Manifest is named'
def installed = new File(localRepositoryPath, 'dev/wowcompat/it/previous-release/1.0.0/previous-release-1.0.0-wow-manifest.json')
assert installed.isFile() : "previous-release line 10"
assert new JsonSlurper().parse(installed).version == '1.0.0' : "previous-release line 11"

// 1.1.0: compatible with 1.0.0, found in the repository.
assert runs[1].contains('BUILD SUCCESS') : "previous-release line 14"
assert runs[1].contains('baseline dev.wowcompat.it:previous-release:1.0.0') : "previous-release line 15"
def r110 = new JsonSlurper().parse(new File(basedir, 'v1.1.0/target/wow-compat/report.json'))
assert r110.verdict == 'compatible' && r110.baselines.collect { it.version } == ['1.0.0'] : "previous-release line 17"

// 1.2.0: removes a field that 1.0.0 has.
assert runs[2].contains('BUILD FAILURE') : "previous-release line 20"
assert runs[2].contains('baseline dev.wowcompat.it:previous-release:1.0.0') : "previous-release line 21"
assert runs[2].contains('[field-removed] bank.account.Deposited@1') : "previous-release line 22"
def r120 = new JsonSlurper().parse(new File(basedir, 'v1.2.0-breaking/target/wow-compat/report.json'))
assert r120.verdict == 'breaking' && r120.findings.any { it.rule == 'field-removed' } : "previous-release line 24"

// 2.0.0: the same removal across a major boundary is information, not a failure.
assert runs[3].contains('BUILD SUCCESS') : "previous-release line 27"
def r200 = new JsonSlurper().parse(new File(basedir, 'v2.0.0/target/wow-compat/report.json'))
assert r200.verdict == 'compatible' : "previous-release line 29"
assert r200.findings.any { it.rule == 'major-breaking-change' && it.severity == 'info' } : "previous-release line 30"
true
