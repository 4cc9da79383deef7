// Each v<version>-<scenario> folder holds only what its scenario changes. Lay it over a copy of the base project:
// the base pom with the folder's version; every base source the folder does not replace; and each X.java.insert
// added as members at the end of the base class X.java (a new handler, say), so a scenario never repeats a class.
import java.nio.file.Files
import java.nio.file.StandardCopyOption

def base = basedir.toPath()
def basePom = new File(basedir, 'pom.xml').text
basedir.eachDirMatch(~/v\d+\.\d+\.\d+-.+/) { variant ->
    def version = (variant.name =~ /^v(\d+\.\d+\.\d+)-/)[0][1]
    def pom = basePom.replaceFirst('<version>1.0.0</version>', "<version>${version}</version>")
    assert pom != basePom : 'the base pom declares version 1.0.0'
    new File(variant, 'pom.xml').text = pom
    Files.walk(base.resolve('src')).filter { Files.isRegularFile(it) }.each { file ->
        def target = variant.toPath().resolve(base.relativize(file))
        if (!Files.exists(target)) {
            Files.createDirectories(target.parent)
            Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES)
        }
    }
    Files.walk(variant.toPath()).filter { it.fileName.toString().endsWith('.java.insert') }.toList().each { insert ->
        def target = insert.resolveSibling(insert.fileName.toString() - '.insert').toFile()
        assert target.isFile() : "$insert adds to a class the base project does not have"
        def text = target.text
        def end = text.lastIndexOf('}')
        target.text = text.substring(0, end) + '\n' + insert.toFile().text + text.substring(end)
        Files.delete(insert)
    }
}
true
