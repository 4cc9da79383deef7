/**
 * Annotations that say in code what a wow-compat Manifest needs and Wow's own annotations cannot say.
 *
 * <p>They are read by name at build time by the manifest generator and have no runtime behaviour. Each one
 * maps to exactly one Manifest fact (see docs/manifest-from-code.md):
 * <ul>
 *   <li>{@link dev.wowcompat.annotations.Default}: a property's {@code default};</li>
 *   <li>{@link dev.wowcompat.annotations.Unit}: a property's {@code x-wow-unit};</li>
 *   <li>{@link dev.wowcompat.annotations.Meaning}: a property's {@code x-wow-meaning};</li>
 *   <li>{@link dev.wowcompat.annotations.Staged}: read but not written yet ({@code "x-wow-written": false} on a
 *       property, {@code "written": false} on a command, an event revision or a whole event);</li>
 *   <li>{@link dev.wowcompat.annotations.UpgradesFrom}: the revision an event revision upgrades from;</li>
 *   <li>{@link dev.wowcompat.annotations.StateView}: the aggregate state is a view ({@code "published": false});</li>
 *   <li>{@link dev.wowcompat.annotations.Emits}: the events a handler returns when its signature cannot say;</li>
 *   <li>{@link dev.wowcompat.annotations.ErrorCode}: an error code no Wow {@code ErrorInfo} declares.</li>
 * </ul>
 */
package dev.wowcompat.annotations;
