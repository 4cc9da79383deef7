package dev.wowcompat.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The docs are read from a clone and nothing else: every relative link must name a file of the repository, and
 * no text may point at a file beside it (the design and seed documents the project was built from, a machine's
 * absolute paths). The same holds for the sources' comments and test data ({@link #outsideInSource}): a comment
 * cites our own docs.
 */
public final class DocReferences {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern OUTSIDE = Pattern.compile("\\.\\./shared|DESIGN(\\.md| §)|/work/|shared/seeds");

    private DocReferences() {}

    /** One sentence per reference that leaves the repository, each starting with {@code document:line}. */
    public static List<String> outside(Path root, Path document, String content) {
        List<String> problems = new ArrayList<>();
        String where = document.toString().replace('\\', '/');
        List<String> lines = content.lines().toList();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            outsideText(where, n, line).ifPresent(problems::add);
            Matcher link = LINK.matcher(line);
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-z][a-z0-9+.-]*:.*") || target.startsWith("#")) {
                    continue;
                }
                String file = target.replaceFirst("#.*$", "");
                Path resolved = root.resolve(document).getParent() == null ? root.resolve(file)
                        : root.resolve(document).getParent().resolve(file);
                resolved = resolved.normalize();
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    problems.add(where + ":" + (n + 1) + ": the link " + target + " names no file of the repository");
                }
            }
        }
        return problems;
    }

    /** One sentence per line of a source file (code, comment or test data) that names something outside the repository. */
    public static List<String> outsideInSource(Path file, String content) {
        String where = file.toString().replace('\\', '/');
        List<String> problems = new ArrayList<>();
        List<String> lines = content.lines().toList();
        for (int n = 0; n < lines.size(); n++) {
            outsideText(where, n, lines.get(n)).ifPresent(problems::add);
        }
        return problems;
    }

    private static Optional<String> outsideText(String where, int index, String line) {
        Matcher text = OUTSIDE.matcher(line);
        return text.find()
                ? Optional.of(where + ":" + (index + 1) + ": '" + text.group() + "' names something outside the repository")
                : Optional.empty();
    }
}
