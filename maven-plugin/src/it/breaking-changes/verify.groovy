import groovy.json.JsonSlurper

// build.log holds the four invocations one after the other.
def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 4 : "expected 4 invocations, found ${runs.size()}"

def expected = [
    'field-removed'   : ['field-removed'],
    'type-and-meaning': ['field-type-changed', 'meaning-changed'],
    'removals'        : ['type-removed', 'error-code-removed'],
    'required-added'  : ['field-required-added'],
]
expected.eachWithIndex { name, rules, i ->
    def run = runs[i]
    assert run.contains('BUILD FAILURE') : "$name: the build should fail"
    assert run =~ /bank-service@1\.1\.0 has \d+ breaking findings? against bank-service@1\.0\.0/ : "$name: failure message with the count"
    assert !(run =~ /(?m)^\s+at [\w$.]+[ (]/) && !run.contains('Caused by:') : "$name: no stack trace in the log"
    def dir = new File(basedir, "target/reports/$name")
    def json = new JsonSlurper().parse(new File(dir, 'report.json'))
    assert json.format == 1 && json.verdict == 'breaking' : "$name: report.json verdict ${json.verdict}"
    assert json.baselines.collect { it.version } == ['1.0.0'] : "$name: baselines ${json.baselines}"
    def markdown = new File(dir, 'report.md').text
    def junit = new File(dir, 'report.xml').text
    assert junit.contains('<testsuite') : "$name: report.xml is JUnit XML"
    rules.each { rule ->
        assert run.contains(rule) : "$name: rule $rule should be in the build log"
        // A breaking finding is logged at [ERROR], its heading and the lines under it, never at [INFO].
        assert run =~ /(?m)^\[ERROR\] +BREAKING ${rule} at / : "$name: $rule's finding should be logged at [ERROR]"
        assert !(run =~ /(?m)^\[INFO\] +BREAKING ${rule} at /) : "$name: $rule's finding logged at [INFO]"
        assert run =~ /(?m)^\[ERROR\] +Fix: / : "$name: the finding's fix should be logged at [ERROR] under it"
        assert json.findings.any { it.rule == rule && it.severity == 'breaking' } : "$name: $rule in report.json: ${json.findings*.rule}"
        assert markdown.contains(rule) : "$name: $rule in report.md"
        assert junit.contains(rule) : "$name: $rule in report.xml"
    }
}
true
