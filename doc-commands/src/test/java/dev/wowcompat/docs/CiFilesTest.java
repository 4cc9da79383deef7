package dev.wowcompat.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.wowcompat.testing.RepositoryRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The CI files of docs/getting-started.md (kept under docs/ci/): each parses as YAML, has the shape its CI reads
 * (GitHub Actions: {@code on} and jobs of steps that {@code run} or {@code use}; GitLab CI: jobs with a {@code script}),
 * runs the four steps of the gate in order, takes the token from the CI's secrets and never holds one, and is shown on
 * the page exactly as the file is. Neither CI's own schema is packaged in the build, so the shape is checked here.
 */
class CiFilesTest {
    private static final Path ROOT = RepositoryRoot.path();
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final List<String> GATE = List.of("check", "register", "can-deploy", "record-deployment");

    @Test
    void gitHubActionsJobRunsTheGateWithTheTokenFromSecrets() throws Exception {
        JsonNode workflow = YAML.readTree(ROOT.resolve("docs/ci/github-actions.yml").toFile());
        assertTrue(workflow.has("on"), "a workflow says when it runs");
        JsonNode gate = workflow.path("jobs").path("gate");
        assertEquals("ubuntu-latest", gate.path("runs-on").asText());
        assertEquals("${{ secrets.WOW_COMPAT_TOKEN }}", gate.path("env").path("WOW_COMPAT_TOKEN").asText());
        List<String> runs = new ArrayList<>();
        for (JsonNode step : gate.path("steps")) {
            assertTrue(step.has("run") ^ step.has("uses"), "a step runs a command or uses an action: " + step);
            if (step.has("run")) runs.add(step.get("run").asText());
        }
        assertEquals(List.of("register", "can-deploy", "record-deployment"), steps(String.join("\n", runs)),
                "check runs in mvn verify (the plugin's check goal), then the other three in order");
        assertTrue(runs.get(0).startsWith("mvn -B verify "), runs.get(0));
    }

    @Test
    void gitLabJobsRunTheGateWithoutMavenAndTheTokenFromVariables() throws Exception {
        JsonNode pipeline = YAML.readTree(ROOT.resolve("docs/ci/gitlab-ci.yml").toFile());
        List<String> stages = new ArrayList<>();
        pipeline.path("stages").forEach(s -> stages.add(s.asText()));
        assertEquals(List.of("check", "deploy"), stages);
        List<String> lines = new ArrayList<>();
        for (String job : List.of("check", "deploy-production")) {
            JsonNode j = pipeline.path(job);
            assertTrue(stages.contains(j.path("stage").asText()), job + " is in a stage the pipeline declares");
            assertTrue(j.path("script").isArray() && j.path("script").size() > 0, job + " has a script");
            j.path("script").forEach(l -> lines.add(l.asText()));
        }
        assertEquals(GATE, steps(String.join("\n", lines)));
        for (String line : lines) {
            assertFalse(line.startsWith("mvn"), "the command line without Maven: " + line);
            if (line.startsWith("wow-compat register") || line.startsWith("wow-compat record-deployment")) {
                assertTrue(line.endsWith("--token \"$WOW_COMPAT_TOKEN\""), "a write takes the token from the CI's variable: " + line);
            }
        }
    }

    @Test
    void thePageShowsEachFileAsItIs() throws Exception {
        String page = Files.readString(ROOT.resolve("docs/getting-started.md"));
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("(?ms)^```yaml\\n(.*?)^```$").matcher(page);
        while (m.find()) blocks.add(m.group(1));
        assertEquals(List.of(Files.readString(ROOT.resolve("docs/ci/github-actions.yml")), Files.readString(ROOT.resolve("docs/ci/gitlab-ci.yml"))),
                blocks);
    }

    /** The gate's commands in the order the text runs them: wow-compat commands and the plugin's goals alike. */
    private static List<String> steps(String text) {
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile("(?:wow-compat |wow-compat:)(check|register|can-deploy|record-deployment)\\b").matcher(text);
        while (m.find()) found.add(m.group(1));
        return found;
    }
}
