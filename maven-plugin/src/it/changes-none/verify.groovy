import groovy.json.JsonSlurper

// The compatible-change project checked with -Dwow-compat.changes=none: the same verdict, no changelog anywhere.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
def dir = new File(basedir, 'target/wow-compat')
def json = new JsonSlurper().parse(new File(dir, 'report.json'))
assert json.verdict == 'compatible' : "verdict ${json.verdict}"
assert json.changes == [] : "changes ${json.changes}"
assert !new File(dir, 'report.md').text.contains('Compatible changes') : 'report.md without the changelog'
assert !new File(dir, 'report.xml').text.contains('compatible changes') : 'report.xml without the changelog'
assert !log.contains('Compatible changes') : 'the build log without the changelog'
assert log.contains('No findings: every reader keeps working.')
true
