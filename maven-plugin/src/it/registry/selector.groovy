// The registry ITs need the registry's executable jar from the reactor (module registry-server).
def jar = new File(registryJar)
if (!jar.isFile()) {
    println "PENDING: ${jar} is not built; the registry ITs run once registry-server is part of the build."
    return false
}
true
