package dev.wowcompat.check;

import static dev.wowcompat.check.RuleRegistry.Category.ADDITIVE;
import static dev.wowcompat.check.RuleRegistry.Category.DEPLOYMENT;
import static dev.wowcompat.check.RuleRegistry.Category.PLAIN;
import static dev.wowcompat.rules.Rule.*;

import dev.wowcompat.diff.Constraints;
import dev.wowcompat.diff.MeaningRules;
import dev.wowcompat.diff.ObjectRules;
import dev.wowcompat.diff.Staging;
import dev.wowcompat.diff.TypeRules;
import dev.wowcompat.rules.Rule;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registration of every rule (docs/architecture.md, "Rules and their detectors"): the one class that emits its
 * findings, and the categories of checks it applies at. What a rule says (id, severity, purpose, fix) is its constant
 * of {@link Rule}; where it is decided is its row here. Adding a rule is one constant there, one row here and one
 * function in the detector; {@code RuleRegistryTest} holds the sources to this table (a rule's findings are made in
 * its detector and nowhere else, and every detector makes the findings of its rows) and docs/rules.md's
 * <b>Detected by</b> lines to it.
 */
public final class RuleRegistry {
    /** The checks a rule applies at: the levels of a release check, and can-deploy. */
    public enum Category {
        /** The release check under ADDITIVE, the default level ({@code check}, {@code register}, the plugin's {@code check}). */
        ADDITIVE,
        /**
         * The plain levels (BACKWARD, FORWARD, FULL and their transitive forms) and {@code check-schema}: a rule about
         * which documents validate, decided in the schema diff's walk.
         */
        PLAIN,
        /** "Can I deploy?": a registered release against the releases running in one environment, and its wire. */
        DEPLOYMENT
    }

    /**
     * @param detector   the class that emits the rule's findings: open it to change how the rule is decided
     * @param categories the checks it applies at
     */
    public record Registration(Rule rule, Class<?> detector, Set<Category> categories) {
        public Registration {
            categories = Set.copyOf(categories);
        }
    }

    private static final Map<Rule, Registration> TABLE = table(
            row(TYPE_REMOVED, Comparison.class, ADDITIVE),
            row(REVISION_REMOVED, Comparison.class, ADDITIVE),
            row(REVISION_CHANGED, TypeLevelRules.class, ADDITIVE),
            row(REVISION_WITHOUT_UPGRADE, TypeLevelRules.class, ADDITIVE),
            row(ERROR_CODE_REMOVED, Comparison.class, ADDITIVE),
            row(FIELD_REMOVED, ObjectRules.class, ADDITIVE, PLAIN),
            row(FIELD_RENAMED, ObjectRules.class, ADDITIVE, PLAIN),
            row(TYPE_RENAMED, Renames.class, ADDITIVE),
            row(FIELD_TYPE_CHANGED, TypeRules.class, ADDITIVE, PLAIN),
            row(MEANING_CHANGED, MeaningRules.class, ADDITIVE),
            row(FIELD_REQUIRED_ADDED, ObjectRules.class, ADDITIVE, PLAIN),
            row(FIELD_DEFAULT_MISSING, ObjectRules.class, ADDITIVE),
            row(CONSTRAINT_TIGHTENED, Constraints.class, ADDITIVE, PLAIN),
            row(CONSTRAINT_LOOSENED, Constraints.class, ADDITIVE, PLAIN),
            row(ENUM_VALUE_ADDED, TypeRules.class, ADDITIVE, PLAIN),
            row(CLOSED_CONTENT_MODEL, ObjectRules.class, ADDITIVE, PLAIN),
            row(WRITTEN_BEFORE_READ, Staging.class, ADDITIVE),
            row(PATCH_CHANGES_SCHEMA, TypeLevelRules.class, ADDITIVE),
            row(COMMAND_FIELD_UNSTAGED, ObjectRules.class, ADDITIVE),
            row(STATE_VIEW_CHANGED, TypeLevelRules.class, ADDITIVE),
            row(MAJOR_BREAKING_CHANGE, TypeLevelRules.class, ADDITIVE),
            row(SKIPPED_STAGING_RELEASE, DeploymentCheck.class, DEPLOYMENT),
            row(ROLLBACK_UNREAD, DeploymentCheck.class, DEPLOYMENT),
            row(CONSUMER_LAGS, DeploymentCheck.class, DEPLOYMENT),
            row(CONSUMED_STATE_UNPUBLISHED, DeploymentCheck.class, DEPLOYMENT),
            row(SENT_COMMAND_UNREAD, DeploymentCheck.class, DEPLOYMENT),
            row(MAJOR_CHANGE_REACHES_CONSUMER, DeploymentCheck.class, DEPLOYMENT),
            row(NOTHING_RUNS_THERE, DeploymentCheck.class, DEPLOYMENT),
            row(CONSUMED_TYPE_DRIFTED, DeploymentCheck.class, DEPLOYMENT),
            row(WIRE_UNREAD, DeploymentCheck.class, DEPLOYMENT),
            row(WIRE_FINDINGS_OPEN, DeploymentCheck.class, DEPLOYMENT),
            row(REPLAY_FOUND_BREAKING, DeploymentCheck.class, DEPLOYMENT));

    private RuleRegistry() {
    }

    private static Registration row(Rule rule, Class<?> detector, Category first, Category... more) {
        return new Registration(rule, detector, EnumSet.of(first, more));
    }

    private static Map<Rule, Registration> table(Registration... rows) {
        Map<Rule, Registration> out = new EnumMap<>(Rule.class);
        for (Registration r : rows) {
            if (out.put(r.rule(), r) != null) throw new IllegalStateException(r.rule().id() + " is registered twice");
        }
        for (Rule rule : Rule.values()) {
            if (!out.containsKey(rule)) throw new IllegalStateException(rule.id() + " has no row in RuleRegistry");
        }
        return out;
    }

    /** The registration of a rule. */
    public static Registration of(Rule rule) {
        return TABLE.get(rule);
    }

    /** Every registration, in the catalogue's order. */
    public static List<Registration> all() {
        return List.copyOf(TABLE.values());
    }

    /** Whether a rule applies at a category of checks. */
    public static boolean appliesAt(Rule rule, Category category) {
        return TABLE.get(rule).categories().contains(category);
    }

    /** The rules of a category, in the catalogue's order. */
    public static List<Rule> at(Category category) {
        return Arrays.stream(Rule.values()).filter(r -> appliesAt(r, category)).toList();
    }
}
