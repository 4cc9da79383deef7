// Starts a real registry on a free loopback port with a fresh SQLite file, and hands its URL to the builds
// through .mvn/maven.config. verify.groovy stops it; a shutdown hook stops it if the builds never get there.
if (!new File(registryJar).isFile()) {
    throw new IllegalStateException("$registryJar is not built: run the build from the repository root (mvn -B verify)")
}
def port = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()).withCloseable { it.localPort }
def work = new File(basedir, 'target')
work.mkdirs()
def java = new File(System.getProperty('java.home'), 'bin/java').path
def pb = new ProcessBuilder([java] + testJvm.tokenize() + ['-Xmx256m', '-jar', registryJar, 'serve', '--port', "$port", '--db', new File(work, 'registry.db').path]*.toString())
pb.environment().put('WOW_COMPAT_TOKENS', 'it-registry-token')
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
def mvn = new File(basedir, '.mvn')
mvn.mkdirs()
new File(mvn, 'maven.config').text = "-Dwow-compat.registryUrl=$url\n"
println "registry at $url"
true
