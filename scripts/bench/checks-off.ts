// The checks-off stub (distWithoutChecks' copy reads it): a module of its own, so the bench's child loads nothing
// else with it.

/** The global through which the `app-nochecks` child hands distWithoutChecks' copy its stub of `planNodePool`. */
export const CHECKS_OFF = '__benchNodePoolChecksOff';

/** Sets the stub in this process before the copy loads: the NodePool checks render the manifest and find nothing. */
export function installChecksOff(): void {
  (globalThis as Record<string, unknown>)[CHECKS_OFF] = (p: { toManifest(): unknown }) => ({ manifest: p.toManifest(), issues: [] });
}
