// The field readers every input reader shares: where a problem is (object and field), a map of strings, a list,
// a list of requirements, a map of quantities, and a read that may throw. A malformed field becomes a problem on
// its object, never an exception.
import { emptyRecord, isPlainObject, isString, opt, show } from '../json';
import type { WrittenRequirement } from '../model/requirement-builder';
import { resourceAmount } from '../shared/quantity';

type Json = Record<string, unknown>;

/** One problem with one input object. */
export interface InputProblem {
  /** Where: `NodePool/default`, `Deployment/team-a/web`, `pods[3]`. */
  readonly object: string;
  readonly field: string;
  readonly code: string;
  readonly message: string;
  /** True when the object cannot be simulated at all. */
  readonly fatal: boolean;
  /** The value that could not be read, as given (a quantity that is none), for messages that name it later. */
  readonly value?: unknown;
}

export function kindOf(o: unknown): string {
  return isPlainObject(o) && isString(o.kind) ? o.kind : '';
}

export function metaOf(o: unknown): Json {
  return isPlainObject(o) && isPlainObject(o.metadata) ? o.metadata : {};
}

export function objectName(o: unknown, fallback: string): string {
  const meta = metaOf(o);
  const name = isString(meta.name) && meta.name !== '' ? meta.name : undefined;
  if (!name) return fallback;
  const ns = isString(meta.namespace) && meta.namespace !== '' ? `${meta.namespace}/` : '';
  return `${kindOf(o) || 'object'}/${ns}${name}`;
}

export class Problems {
  public readonly list: InputProblem[] = [];
  constructor(private readonly object: string) {}
  public add(field: string, code: string, message: string, fatal = false, value?: unknown): void {
    this.list.push({ object: this.object, field, code, message, fatal, ...opt('value', value) });
  }
  public get fatal(): boolean {
    return this.list.some((p) => p.fatal);
  }
}

export function stringMap(v: unknown, at: string, p: Problems): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (!isPlainObject(v)) {
    p.add(at, 'SimInvalidField', `must be a map of strings, got ${typeof v}`);
    return {};
  }
  const out = emptyRecord<string>();
  for (const [k, x] of Object.entries(v)) {
    if (isString(x)) out[k] = x;
    else p.add(`${at}.${k}`, 'SimInvalidField', `must be a string, got ${show(x)}`);
  }
  return out;
}

/** A list field, or `[]` for anything else; given `p`, a value that is set but no list is a problem at `at`. */
export function list(v: unknown, at = '', p?: Problems): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    p?.add(at, 'SimInvalidField', `must be a list, got ${typeof v}`);
    return [];
  }
  return v;
}

export function requirementsOf(v: unknown, at: string, p: Problems, fatal: boolean): WrittenRequirement[] {
  const out: WrittenRequirement[] = [];
  list(v, at, p).forEach((r, i) => {
    const here = `${at}[${i}]`;
    if (!isPlainObject(r) || !isString(r.key) || !isString(r.operator)) {
      p.add(here, 'SimInvalidRequirement', 'must have a string key and operator', fatal);
      return;
    }
    const values = list(r.values, `${here}.values`, p);
    if (!values.every(isString)) {
      p.add(`${here}.values`, 'SimInvalidRequirement', 'must be a list of strings', fatal);
      return;
    }
    const minValues = typeof r.minValues === 'number' ? r.minValues : undefined;
    out.push({ at: here, key: r.key, operator: r.operator, values, minValues });
  });
  return out;
}

/**
 * The one reading of a map of quantities (manifests' limits and requests, cluster objects' capacity) into base
 * units: an entry that is no quantity goes to `bad` and is left out. Undefined for anything but a map, which
 * each caller reports in its own words.
 */
export function readQuantities(v: unknown, bad: (key: string, value: unknown) => void): Record<string, number> | undefined {
  if (!isPlainObject(v)) return undefined;
  const out = emptyRecord<number>();
  for (const [k, q] of Object.entries(v)) {
    const n = resourceAmount(k, q);
    if (n === undefined) bad(k, q);
    else out[k] = n;
  }
  return out;
}

/**
 * Reads a quantity map of a manifest (limits, requests) into base units; bad entries are problems and left out, and
 * handed to `bad` when given.
 */
export function amounts(v: unknown, at: string, p: Problems, fatal: boolean, bad?: (key: string, value: unknown) => void): Record<string, number> {
  if (v === undefined || v === null) return {};
  const out = readQuantities(v, (k, q) => {
    p.add(`${at}.${k}`, 'SimInvalidQuantity', `${show(q)} is not a Kubernetes quantity; use e.g. "500m", "2", "4Gi"`, fatal, q);
    bad?.(k, q);
  });
  if (out === undefined) p.add(at, 'SimInvalidField', `must be a map of quantities, got ${typeof v}`, fatal);
  return out ?? {};
}

/** `read()`, or `asNothing()` when reading hostile input throws (a getter, a Proxy): such input is an issue, never an exception. */
export function readSafely<T>(read: () => T, asNothing: () => T): T {
  try {
    return read();
  } catch {
    return asNothing();
  }
}
