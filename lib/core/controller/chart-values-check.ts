// additionalValues against the pinned chart's values.yaml: a key the chart does not have is ignored by Helm, and a
// value of the wrong kind renders into something else (a string "false" is true in a template's `if`).
import { IssueCollector } from '../issues';
import { isPlainObject } from '../json';
import { ChartValueShape, KARPENTER_CHART_VALUES_SHAPE } from './chart-values-shape';

/**
 * Values the chart passes through to Kubernetes objects whole (`toYaml`), so any field of that object is valid, and
 * one the chart's default misdescribes (`initContainers: {}` rendered as the pod's list).
 */
const PASS_THROUGH: Readonly<Record<string, ChartValueShape>> = {
  strategy: 'map',
  podSecurityContext: 'map',
  nodeSelector: 'map',
  affinity: 'map',
  'controller.securityContext': 'map',
  initContainers: 'any',
};

/** The shape of a chart's values.yaml, as `KARPENTER_CHART_VALUES_SHAPE` holds it for the pinned chart. */
export function chartValuesShape(values: unknown, path = ''): ChartValueShape {
  if (Object.hasOwn(PASS_THROUGH, path)) return PASS_THROUGH[path];
  if (values === null || values === undefined) return 'any';
  if (Array.isArray(values)) return 'list';
  if (isPlainObject(values)) {
    if (Object.keys(values).length === 0) return 'map';
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, chartValuesShape(v, path ? `${path}.${k}` : k)]));
  }
  return typeof values === 'boolean' ? 'boolean' : typeof values === 'number' ? 'number' : 'string';
}

const kindOf = (v: unknown): string => (Array.isArray(v) ? 'a list' : isPlainObject(v) ? 'a map' : v === null ? 'null' : `a ${typeof v}`);

/** Whether `value` fits a scalar or list shape; numbers may come as numeric strings (they render the same). */
function fits(shape: Exclude<ChartValueShape, object>, value: unknown): boolean {
  switch (shape) {
    case 'any':
      return true;
    case 'list':
      return Array.isArray(value);
    case 'map':
      return isPlainObject(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)));
    case 'string':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  }
}

/**
 * Checks `additionalValues` against the chart's values (chart `chartVersion`; other charts are not checked): a key
 * the chart lacks is `SettingNotInChart` (Helm ignores it), a value of the wrong kind `InvalidHelmValueType`. Null
 * removes a value in Helm and is taken as such; `skip` holds the paths other checks report.
 */
export function checkAdditionalValuesAgainstChart(
  issues: IssueCollector,
  extra: { readonly [key: string]: unknown },
  chartVersion: string,
  skip: readonly string[],
): void {
  if (chartVersion !== KARPENTER_CHART_VALUES_SHAPE.chartVersion) return;
  const walk = (value: unknown, shape: ChartValueShape, path: string[]): void => {
    const dotted = path.join('.');
    if (value === null || value === undefined || skip.includes(dotted) || issues.isUnresolved(value)) return;
    const field = `additionalValues.${dotted}`;
    if (typeof shape === 'string') {
      if (!fits(shape, value)) {
        issues.error(
          field,
          'InvalidHelmValueType',
          `chart ${chartVersion} takes a ${shape} at ${dotted}, got ${kindOf(value)} ${JSON.stringify(value)}` +
            (shape === 'boolean'
              ? ` (a template's if takes any non-empty string as true); write ${String(value) === 'false' ? 'false' : 'true'}`
              : ''),
        );
      }
      return;
    }
    if (!isPlainObject(value)) {
      if (path.length === 0) return;
      issues.error(field, 'InvalidHelmValueType', `chart ${chartVersion} takes a map at ${dotted}, got ${kindOf(value)} ${JSON.stringify(value)}`);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      if (Object.hasOwn(shape, key)) {
        walk(v, shape[key], [...path, key]);
        continue;
      }
      const at = [...path, key].join('.');
      if (skip.includes(at)) continue;
      const known = Object.keys(shape);
      // Loaded for a misspelt key only, as for a misspelt region.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { closest } = require('fastest-levenshtein') as typeof import('fastest-levenshtein');
      issues.warn(
        `additionalValues.${at}`,
        'SettingNotInChart',
        `chart ${chartVersion} has no value ${at} (values.yaml), so Helm ignores it` +
          (known.length > 0 ? `; did you mean ${[...path, closest(key, known)].join('.')}?` : ''),
      );
    }
  };
  walk(extra, KARPENTER_CHART_VALUES_SHAPE.shape, []);
}
