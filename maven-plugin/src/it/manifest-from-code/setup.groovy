// Each v<version>-<scenario> folder holds only what its scenario changes. Lay those files over a copy of the base
// project (its pom with the folder's version, and its sources), so every scenario is one small, readable change.
import java.nio.file.Files
import java.nio.file.StandardCopyOption

def base = basedir.toPath()
def basePom = new File(basedir, 'pom.xml').text
basedir.eachDirMatch(~/v\d+\.\d+\.\d+-.+/) { variant ->
    def version = (variant.name =~ /^v(\d+\.\d+\.\d+)-/)[0][1]
    def pom = basePom.replaceFirst('<version>1.0.0</version>', "<version>${version}</version>")
    assert pom != basePom : 'the base pom declares version 1.0.0'
    new File(variant, 'pom.xml').text = pom
    def sources = base.resolve('src')
    Files.walk(sources).filter { Files.isRegularFile(it) }.each { file ->
        def target = variant.toPath().resolve(base.relativize(file))
        if (!Files.exists(target)) {
            Files.createDirectories(target.parent)
            Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES)
        }
    }
}
true
