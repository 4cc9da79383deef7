// Starts a real registry as the registry IT does (wow-compat-cli/target/wow-compat.jar, a fresh SQLite file, a free
// loopback port, its URL handed to the builds through .mvn/maven.config), then registers the fleet of fleet/*.json
// (the producer's 1.0.0 and staging 1.1.0, a consumer's 1.0.0 reading revision 1 and 1.1.0 reading 1 and 2) and
// records what runs where: staging runs the producer's 1.1.0 and the upgraded consumer, production the lagging one.
// The project's own Manifest (the producer's 1.2.0, writing revision 2) is registered by the first build.
// verify.groovy stops the registry; a shutdown hook stops it if the builds never get there.
if (!new File(registryJar).isFile()) {
    throw new IllegalStateException("$registryJar is not built: run the build from the repository root (mvn -B verify)")
}
def port = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()).withCloseable { it.localPort }
def work = new File(basedir, 'target')
work.mkdirs()
def java = new File(System.getProperty('java.home'), 'bin/java').path
def pb = new ProcessBuilder([java] + testJvm.tokenize() + ['-Xmx256m', '-jar', registryJar, 'serve', '--port', "$port", '--db', new File(work, 'registry.db').path]*.toString())
pb.redirectErrorStream(true).redirectOutput(new File(work, 'registry.log'))
def process = pb.start()
Runtime.runtime.addShutdownHook(new Thread({ process.destroy() }))
new File(work, 'registry.pid').text = "${process.pid()}"

def url = "http://127.0.0.1:$port"
def deadline = System.currentTimeMillis() + 30_000
while (true) {
    try {
        def c = new URL("$url/health").openConnection()
        c.connectTimeout = 500
        if (c.responseCode == 200) break
    } catch (IOException ignored) {
        // not listening yet
    }
    if (!process.alive) throw new IllegalStateException("the registry exited: " + new File(work, 'registry.log').text)
    if (System.currentTimeMillis() > deadline) { process.destroy(); throw new IllegalStateException("the registry did not start within 30 s") }
    Thread.sleep(100)
}

def post = { String path, String body, int expected ->
    def c = (HttpURLConnection) new URL("$url$path").openConnection()
    c.requestMethod = 'POST'
    c.doOutput = true
    c.setRequestProperty('Content-Type', 'application/json')
    c.outputStream.withCloseable { it.write(body.getBytes('UTF-8')) }
    if (c.responseCode != expected) {
        throw new IllegalStateException("POST $path answered ${c.responseCode}: " + (c.errorStream?.text ?: ''))
    }
}
new File(basedir, 'fleet').listFiles().sort { it.name }.each { f ->
    def service = f.name.replaceFirst(/^\d+-/, '').replaceFirst(/-\d+\.\d+\.\d+\.json$/, '')
    post("/services/$service/releases", f.text, 201)
}
def deploy = { String env, String service, String version ->
    post("/environments/$env/deployments", "{\"service\": \"$service\", \"version\": \"$version\"}", 201)
}
deploy('staging', 'bank-service', '1.1.0')
deploy('staging', 'ledger-service', '1.1.0')
deploy('production', 'bank-service', '1.1.0')
deploy('production', 'ledger-service', '1.0.0')

def mvn = new File(basedir, '.mvn')
mvn.mkdirs()
new File(mvn, 'maven.config').text = "-Dwow-compat.registryUrl=$url\n"
println "registry at $url"
true
