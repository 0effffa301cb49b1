// Test-only: which key paths of our Helm values a chart's values.yaml does not declare.

/** Key paths whose children are free-form in the chart (user label keys, annotations, Kubernetes objects). */
export const FREE_FORM_VALUES: readonly string[] = ['nodeSelector', 'serviceAccount.annotations', 'affinity', 'podAnnotations', 'podLabels'];

/**
 * Every key path of `ours` (objects only; lists and scalars are leaves) that `chart` lacks. A
 * chart key holding an empty map, a list or a scalar takes any value, so the walk stops there.
 */
export function missingChartKeys(ours: unknown, chart: unknown, freeForm: readonly string[] = FREE_FORM_VALUES, prefix = ''): string[] {
  if (!isMap(ours) || !isMap(chart) || Object.keys(chart).length === 0 || freeForm.includes(prefix)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(ours)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (!(k in chart)) out.push(p);
    else out.push(...missingChartKeys(v, chart[k], freeForm, p));
  }
  return out;
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
