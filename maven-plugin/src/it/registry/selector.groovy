// The registry ITs need the registry's executable jar from the reactor (module registry-server) with its
// `serve` command. Without them the IT is reported as skipped, with the reason in the log.
def jar = new File(registryJar)
if (!jar.isFile()) {
    println "PENDING: ${jar} is not built; build from the repository root (mvn -B verify)."
    return false
}
def java = new File(System.getProperty('java.home'), 'bin/java').path
def probe = new ProcessBuilder(java, '-jar', jar.path, 'serve', '--help').redirectErrorStream(true).start()
def usage = probe.inputStream.text
if (probe.waitFor() != 0 || !usage.contains('wow-compat serve')) {
    println "PENDING: ${jar} has no working 'serve' command yet."
    return false
}
true
