import groovy.json.JsonSlurper

def runs = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).findAll { it.contains('[INFO] BUILD ') }
assert runs.size() == 2 : "expected 2 invocations, found ${runs.size()}"
def manifest = new File(basedir, 'parcel-domain/target/wow-compat/manifest.json')
def parcel = { new JsonSlurper().parse(manifest).contexts['parcel-service'].aggregates.parcel }

// 1: the domain module alone. The api module holds the service's messages but declares no context: named in a
// warning, not read; the events its Object handler constructs are still found (they come from that module).
assert runs[0].contains('BUILD SUCCESS') : runs[0]
assert runs[0].contains('[WARNING] wow-compat: ') && runs[0].contains('declares no @BoundedContext') : 'the api module is named in a warning'
// (the second run overwrites the Manifest; the first run's is checked through its log line)
assert runs[0].contains('wow-compat: Manifest of parcel-service 1.0.0 generated') : runs[0]

// 2: <serviceModules> names the api module: read as the service's own, its error code is in the Manifest.
assert runs[1].contains('BUILD SUCCESS') : runs[1]
assert !runs[1].contains('declares no @BoundedContext') : 'no warning once the module is named'
def p = parcel()
assert p.errors.keySet() == ['parcel-lost'] as Set : "errors: ${p.errors}"
assert p.events.keySet().containsAll(['shipped', 'parcel_lost']) : "events: ${p.events.keySet()}"
true
