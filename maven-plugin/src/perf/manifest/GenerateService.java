import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the sources of a synthetic Wow-style service with a given number of event classes, for measuring what the
 * manifest goal adds to a build (docs/performance.md, "Manifest generation"). One bounded context; each aggregate
 * has a state, 10 commands and 10 events (records of 6 properties, one with a unit, one staged with a default);
 * the state sources every event and each command handler returns one.
 *
 * <p>Usage: {@code java GenerateService.java EVENTS TARGET_DIR}
 */
public class GenerateService {
    public static void main(String[] args) throws IOException {
        int events = Integer.parseInt(args[0]);
        Path root = Path.of(args[1]).resolve("src/main/java/perf");
        int aggregates = Math.max(1, events / 10);
        StringBuilder context = new StringBuilder("package perf;\n\nimport me.ahoo.wow.api.annotation.BoundedContext;\n\n"
                + "@BoundedContext(name = \"perf\", aggregates = {\n");
        for (int a = 0; a < aggregates; a++) {
            String pkg = "agg" + a;
            Path dir = root.resolve(pkg);
            Files.createDirectories(dir);
            String agg = "Agg" + a;
            context.append(a == 0 ? "" : ",\n").append("        @BoundedContext.Aggregate(name = \"agg").append(a)
                    .append("\", packageScopes = perf.").append(pkg).append('.').append(agg).append(".class)");
            StringBuilder state = new StringBuilder("package perf." + pkg + ";\n\nimport me.ahoo.wow.api.annotation.OnSourcing;\n\n"
                    + "public class " + agg + "State {\n    private long version;\n\n    public long getVersion() {\n        return version;\n    }\n");
            StringBuilder root2 = new StringBuilder("package perf." + pkg + ";\n\nimport me.ahoo.wow.api.annotation.AggregateRoot;\n"
                    + "import me.ahoo.wow.api.annotation.OnCommand;\n\n@AggregateRoot\npublic class " + agg + " {\n    private final " + agg
                    + "State state;\n\n    public " + agg + "(" + agg + "State state) {\n        this.state = state;\n    }\n");
            for (int e = 0; e < 10; e++) {
                String event = "Thing" + e + "Happened";
                String command = "DoThing" + e;
                Files.writeString(dir.resolve(event + ".java"), "package perf." + pkg + ";\n\n"
                        + "import dev.wowcompat.annotations.Default;\nimport dev.wowcompat.annotations.Staged;\n"
                        + "import dev.wowcompat.annotations.Unit;\nimport java.util.List;\nimport me.ahoo.wow.api.annotation.Event;\n\n"
                        + "@Event\npublic record " + event + "(String id, long amount, @Unit(\"ms\") long duration, boolean flag,\n"
                        + "        List<String> tags, @Staged @Default(\"none\") String note) {}\n");
                Files.writeString(dir.resolve(command + ".java"), "package perf." + pkg + ";\n\n"
                        + "public record " + command + "(String id, long amount) {}\n");
                state.append("\n    @OnSourcing\n    void onSourcing(").append(event).append(" event) {\n        version++;\n    }\n");
                root2.append("\n    @OnCommand\n    ").append(event).append(" onCommand(").append(command).append(" command) {\n        return new ")
                        .append(event).append("(command.id(), command.amount(), 0L, false, List.of(), null);\n    }\n");
            }
            Files.writeString(dir.resolve(agg + "State.java"), state.append("}\n").toString());
            Files.writeString(dir.resolve(agg + ".java"), root2.append("}\n").toString().replace("import me.ahoo.wow.api.annotation.OnCommand;\n",
                    "import java.util.List;\nimport me.ahoo.wow.api.annotation.OnCommand;\n"));
        }
        Files.writeString(root.resolve("PerfService.java"), context.append("\n})\npublic final class PerfService {\n    private PerfService() {}\n}\n").toString());
    }
}
