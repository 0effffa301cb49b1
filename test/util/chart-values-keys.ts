// Test-only: which key paths of our Helm values a chart's values.yaml does not declare.

/** Key paths whose children are free-form in the chart (user label keys, annotations). */
export const FREE_FORM_VALUES: readonly string[] = ['nodeSelector', 'serviceAccount.annotations', 'podAnnotations', 'podLabels'];

/**
 * Every key path of `ours` (objects only; lists and scalars are leaves) that `chart` lacks, and every
 * path where we set an object but the chart has a list or a scalar (Helm would merge an object into it).
 * A chart key holding an empty map or null takes any value, so the walk stops there.
 */
export function missingChartKeys(ours: unknown, chart: unknown, freeForm: readonly string[] = FREE_FORM_VALUES, prefix = ''): string[] {
  if (!isMap(ours) || chart === null || chart === undefined || freeForm.includes(prefix)) return [];
  if (!isMap(chart)) return [`${prefix} (an object, where the chart has ${Array.isArray(chart) ? 'a list' : `the scalar ${JSON.stringify(chart)}`})`];
  if (Object.keys(chart).length === 0) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(ours)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (!(k in chart)) out.push(p);
    else out.push(...missingChartKeys(v, chart[k], freeForm, p));
  }
  return out;
}

/** Every key path of `values`, objects walked, lists and scalars as leaves (to show a walk covers what it should). */
export function keyPaths(values: unknown, prefix = ''): string[] {
  if (!isMap(values)) return [prefix];
  return Object.entries(values).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
