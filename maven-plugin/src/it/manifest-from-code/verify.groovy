import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 8 : "expected 8 invocations, found ${runs.size()}"
def json = new JsonSlurper()
def report = { String variant -> json.parse(new File(basedir, "$variant/target/wow-compat/report.json")) }
def generated = { String dir -> new File(basedir, "${dir}target/wow-compat/manifest.json") }
def events = { manifest -> manifest.contexts.shop.aggregates.cart.events }
def noStackTrace = { String run, String what ->
    assert !(run =~ /(?m)^\s+at [\w$.]+[ (]/) && !run.contains('Caused by:') : "$what: no stack trace"
    assert !run.contains('This is a wow-compat bug') : "$what: bad input is not a bug"
}
/** Every object in a JSON tree, depth first, for finding a property whatever the generator's $defs layout. */
def objects
objects = { node -> node instanceof Map ? [node] + node.values().collectMany { objects(it) } : node instanceof List ? node.collectMany { objects(it) } : [] }
def property = { schema, String name -> objects(schema).findResult { it.properties instanceof Map ? it.properties[name] : null } }

// 1.0.0: the Manifest comes from the classes, the check passes (no earlier release), and the generated file is
// the one attached and installed.
assert runs[0].contains('BUILD SUCCESS') : '1.0.0 builds'
assert runs[0].contains('wow-compat: Manifest of shop-service 1.0.0 generated from target/classes') : 'the goal says what it generated'
// Under Maven 3.8/3.9 the generator's isolated SLF4J is Maven's 1.7 API: it must find our no-op binder and say nothing
// (it used to print three 'SLF4J: Failed to load class "org.slf4j.impl.StaticLoggerBinder"' lines per generation).
runs.eachWithIndex { run, i -> assert !run.readLines().any { it.contains('SLF4J:') || it.contains('SLF4J(') } : "build ${i + 1} prints no SLF4J notice: ${run.readLines().findAll { it.contains('SLF4J') }}" }
def base = generated('')
assert base.isFile() : 'target/wow-compat/manifest.json'
def m100 = json.parse(base)
assert m100.manifest == 1 && m100.service == 'shop-service' && m100.version == '1.0.0'
def cart = m100.contexts.shop.aggregates.cart
// Wow's default delete, recover and resource-tags commands (and their events) are every aggregate's.
assert cart.commands.keySet() == ['add_item', 'remove_item', 'default_apply_resource_tags', 'default_delete_aggregate',
                                  'default_recover_aggregate'] as Set : "commands: ${cart.commands.keySet()}"
assert events(m100).keySet() == ['item_added', 'item_removed', 'default_aggregate_deleted', 'default_aggregate_recovered',
                                 'default_resource_tags_applied'] as Set : "events: ${events(m100).keySet()}"
assert cart.errors.containsKey('cart-full') : "errors: ${cart.errors}"
assert property(events(m100).item_added.revisions['1'].schema, 'reservedFor')['x-wow-unit'] == 'ms' : '@Unit reaches the schema'
def installed = new File(localRepositoryPath, 'dev/wowcompat/it/shop-service/1.0.0/shop-service-1.0.0-wow-manifest.json')
assert installed.bytes == base.bytes : 'the attached wow-manifest is the generated Manifest'

// The command line on the same classes and classpath writes the same bytes as the goal.
def java = new File(System.getProperty('java.home'), 'bin/java').path
def jar = { String artifact -> new File(localRepositoryPath, "dev/wowcompat/$artifact/$pluginVersion/$artifact-${pluginVersion}.jar") }
def classpath = [jar('wow-api-stand-in'), jar('wow-compat-annotations')].each { assert it.isFile() : "$it" }.join(File.pathSeparator)
def cli = { List<String> args ->
    def p = new ProcessBuilder([java, '-jar', registryJar] + args).redirectErrorStream(false).start()
    def out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream()
    p.consumeProcessOutput(out, err)
    p.waitFor()
    [code: p.exitValue(), out: out.toString('UTF-8'), err: err.toString('UTF-8')]
}
def cliOut = new File(basedir, 'target/cli-manifest.json')
def r = cli(['manifest', '--classes', new File(basedir, 'target/classes').path, '--classpath', classpath,
             '--service', 'shop-service', '--version', '1.0.0', '--out', cliOut.path])
assert r.code == 0 : "the CLI generates: ${r.err}"
assert cliOut.bytes == base.bytes : 'the CLI writes the same bytes as the goal'

// 1.1.0 adds a staged optional field with a default: compatible.
assert runs[1].contains('BUILD SUCCESS') : runs[1]
assert runs[1].contains('wow-compat: revision numbers kept from shop-service 1.0.0') : 'the previous release is handed to the generator'
assert runs[1].contains('baseline dev.wowcompat.it:shop-service:1.0.0') : 'checked against the installed 1.0.0'
def staged = report('v1.1.0-staged-field')
assert staged.verdict == 'compatible' && staged.baselines.collect { it.version } == ['1.0.0'] : "$staged"
def giftWrap = property(events(json.parse(generated('v1.1.0-staged-field/'))).item_added.revisions['1'].schema, 'giftWrap')
assert giftWrap['x-wow-written'] == false && giftWrap['default'] == 'none' : "giftWrap: $giftWrap"

// 1.1.0 renames a record component: field-renamed, naming both names.
assert runs[2].contains('BUILD FAILURE') && runs[2].contains('[field-renamed]') : 'rename fails the build'
def renamed = report('v1.1.0-renamed-field').findings.find { it.rule == 'field-renamed' }
assert renamed != null && renamed.severity == 'breaking' : "findings: ${report('v1.1.0-renamed-field').findings}"
assert renamed.subject.endsWith('item_added@1') && renamed.message.contains('sku') && renamed.message.contains('productSku') : "$renamed"

// 1.1.0 changes a unit annotation: meaning-changed at the unit.
assert runs[3].contains('BUILD FAILURE') && runs[3].contains('[meaning-changed]') : 'unit change fails the build'
def meaning = report('v1.1.0-unit-changed').findings.find { it.rule == 'meaning-changed' }
assert meaning != null && meaning.pointer.endsWith('/reservedFor/x-wow-unit') : "$meaning"
// The github annotation names the generated Manifest (relative to where the build ran) and the line and column of
// the changed keyword in it; the log's text report names the same place as path:line:column.
def githubReport = new File(basedir, 'v1.1.0-unit-changed/target/wow-compat/report-github.txt').text
def annotation = githubReport.readLines().find { it.contains('title=meaning-changed ') }
def place = annotation =~ /^::error file=([^,]+),line=(\d+),col=(\d+),title=/
assert place.find() : "github annotation with file=, line=, col=: $annotation"
assert place.group(1) == 'target/wow-compat/manifest.json' : "file= ${place.group(1)}"
def generatedLines = generated('v1.1.0-unit-changed/').readLines()
def line = generatedLines[(place.group(2) as int) - 1]
assert line.substring((place.group(3) as int) - 1).startsWith('"x-wow-unit"') : "line ${place.group(2)}, column ${place.group(3)}: $line"
assert runs[3].contains("target/wow-compat/manifest.json:${place.group(2)}:${place.group(3)}") : 'the logged text report names the place'

// 1.1.0 writes a new event that 1.0.0 cannot read: written-before-read.
assert runs[4].contains('BUILD FAILURE') && runs[4].contains('[written-before-read]') : 'an unstaged event fails the build'
def unstaged = report('v1.1.0-unstaged-event').findings.findAll { it.rule == 'written-before-read' }
assert unstaged.any { it.subject.contains('cart_cleared') } : "$unstaged"

// 1.1.0 adds a staged revision that upgrades from the first: compatible, numbered 2, upgrading from 1.
assert runs[5].contains('BUILD SUCCESS') : runs[5]
assert report('v1.1.0-revision-upgrade').verdict == 'compatible'
def revisions = events(json.parse(generated('v1.1.0-revision-upgrade/'))).item_added.revisions
assert revisions.keySet() == ['1', '2'] as Set && revisions['2'].upgradesFrom == 1 && revisions['2'].written == false : "$revisions"

// Bad input: two classes claim revision 0.0.1 of item_added. One sentence names the class, no stack trace.
assert runs[6].contains('BUILD FAILURE') : 'two classes for one revision fail the build'
def error = runs[6].readLines().find { it.startsWith('[ERROR] Failed to execute goal') }
assert error != null && error.contains('The Manifest cannot be generated from target/classes: ') && error.contains('ItemAddedCopy') : "$error"
noStackTrace(runs[6], 'duplicate revision')
// The same classes through the command line: exit 2, one line naming the class.
def bad = cli(['manifest', '--classes', new File(basedir, 'v1.1.0-duplicate-revision/target/classes').path, '--classpath', classpath,
               '--service', 'shop-service', '--version', '1.1.0'])
assert bad.code == 2 && bad.out.isEmpty() : "$bad"
assert bad.err.readLines().size() == 1 && bad.err.contains('ItemAddedCopy') : bad.err
noStackTrace(bad.err, 'CLI duplicate revision')

// Strict: the empty error code, a warning otherwise (the Manifest leaves it out), fails the build, naming the class.
assert runs[7].contains('BUILD FAILURE') : 'a warning under <strict> fails the build'
def strictRun = runs[7].readLines().join('\n')
assert strictRun.contains("dev.wowcompat.it.shop.UnsetErrorCodes: error code '' cannot be written as a kebab-case code") : runs[7]
assert strictRun.contains('Strict mode refuses a Manifest with warnings') : runs[7]
noStackTrace(runs[7], 'strict')
true
