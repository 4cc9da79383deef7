/**
 * The compatibility checks: {@link dev.wowcompat.check.ReleaseChecker} compares a candidate Manifest with its
 * baseline releases, {@link dev.wowcompat.check.SchemaChecker} compares plain JSON Schemas under a level. They sit
 * on top: they use the schema diff ({@code diff}), the Manifest model ({@code manifest}) and the report
 * ({@code report}), which all speak the rule vocabulary of {@code rules}; nothing below imports this package.
 */
package dev.wowcompat.check;
