/**
 * The rule vocabulary every other package speaks: the catalogue of rule ids ({@link dev.wowcompat.rules.Rule}),
 * a finding, its severity, the readers it breaks and the plain compatibility levels. It imports no other package of
 * wow-compat, so the diff, the report and the checks can all depend on it.
 */
package dev.wowcompat.rules;
