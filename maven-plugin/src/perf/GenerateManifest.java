
/**
 * Writes a synthetic Manifest with a given number of schema-carrying types, for measuring the plugin's overhead
 * (docs/performance.md, "Maven plugin"). Each aggregate has a state, 4 commands and 5 events (1 revision each):
 * 10 schemas. With "--changed", every event of every aggregate gains an optional, staged property, so the check
 * compares every schema and finds differences to report.
 *
 * <p>Usage: {@code java GenerateManifest.java TYPES VERSION [--changed] > manifest.json}
 */
public class GenerateManifest {
    public static void main(String[] args) {
        int types = Integer.parseInt(args[0]);
        String version = args[1];
        boolean changed = args.length > 2 && args[2].equals("--changed");
        int aggregates = Math.max(1, types / 10);
        StringBuilder out = new StringBuilder();
        out.append("{\n  \"manifest\": 1,\n  \"service\": \"perf-service\",\n  \"version\": \"").append(version).append("\",\n  \"contexts\": {\n");
        int contexts = Math.max(1, aggregates / 10);
        int made = 0;
        for (int c = 0; c < contexts; c++) {
            out.append(c == 0 ? "" : ",\n").append("    \"ctx").append(c).append("\": {\"aggregates\": {\n");
            int here = c == contexts - 1 ? aggregates - made : aggregates / contexts;
            for (int a = 0; a < here; a++, made++) {
                out.append(a == 0 ? "" : ",\n").append("      \"agg").append(made).append("\": {\n");
                out.append("        \"state\": {\"schema\": ").append(object(8, "s", false)).append("},\n");
                out.append("        \"commands\": {");
                for (int k = 0; k < 4; k++) {
                    out.append(k == 0 ? "" : ", ").append("\"Cmd").append(k).append("\": {\"schema\": ").append(object(5, "c", false)).append("}");
                }
                out.append("},\n        \"events\": {");
                for (int k = 0; k < 5; k++) {
                    out.append(k == 0 ? "" : ", ").append("\"Evt").append(k).append("\": {\"revisions\": {\"1\": {\"schema\": ")
                            .append(object(6, "e", changed)).append("}}}");
                }
                out.append("},\n        \"errors\": {\"failed\": {\"description\": \"synthetic\"}}\n      }");
            }
            out.append("\n    }}");
        }
        out.append("\n  }\n}\n");
        System.out.print(out);
    }

    private static String object(int properties, String prefix, boolean staged) {
        StringBuilder s = new StringBuilder("{\"type\": \"object\", \"properties\": {");
        for (int i = 0; i < properties; i++) {
            s.append(i == 0 ? "" : ", ").append('"').append(prefix).append(i).append("\": ");
            s.append(switch (i % 4) {
                case 0 -> "{\"type\": \"string\", \"maxLength\": 64, \"default\": \"\"}";
                case 1 -> "{\"type\": \"integer\", \"minimum\": 0, \"default\": 0}";
                case 2 -> "{\"type\": \"string\", \"format\": \"date-time\", \"default\": \"1970-01-01T00:00:00Z\"}";
                default -> "{\"type\": \"array\", \"items\": {\"type\": \"string\"}, \"default\": []}";
            });
        }
        if (staged) {
            s.append(", \"note\": {\"type\": \"string\", \"default\": \"\", \"x-wow-written\": false}");
        }
        return s.append("}}").toString();
    }
}
