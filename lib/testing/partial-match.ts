// What every matcher shares: the result shape `expect.extend` wants, partial matching (`partialMatch`,
// `exactly`) and how the messages print. Plain functions, like ./matchers.
import { inspect } from 'util';
import { isPlainObject, ownValue } from '../core/json';

/** The result shape `expect.extend` expects. */
export interface KarpenterMatcherResult {
  /** Whether the received value matched. */
  readonly pass: boolean;
  /** Explains the outcome (a failure of the matcher, or of its `.not` form). */
  readonly message: () => string;
}

/** One place where the received value differs from the expectation. */
export interface Mismatch {
  /** Field path, e.g. `spec.template.spec.requirements[1].values`. */
  readonly path: string;
  /** What differs, e.g. `expected "spot", received "on-demand"`. */
  readonly problem: string;
  /**
   * True for a line that only introduces the differences after it (`no element matches ...; the
   * closest, [1], differs:`); it is not a difference itself and does not count when ranking candidates.
   * @default false
   */
  readonly header?: boolean;
}

/** How many real differences `mismatches` holds (header lines do not count). */
export function differenceCount(mismatches: readonly Mismatch[]): number {
  return mismatches.filter((m) => !m.header).length;
}

// Keys that name an element (a NodePool, a requirement, a taint): a candidate with the same name is the
// one the user meant, even when another differs in fewer places.
const IDENTITY_KEYS = ['name', 'key'];

function sameIdentity(received: unknown, expected: unknown): boolean {
  if (!isPlainObject(received) || !isPlainObject(expected)) return false;
  const key = IDENTITY_KEYS.find((k) => expected[k] !== undefined && !isExactly(expected[k]) && typeof expected[k] !== 'object');
  return key !== undefined && Object.is(received[key], expected[key]);
}

/** Index of the closest candidate: one with the expected name first, then the fewest differences. */
export function closestIndex(results: readonly { readonly sameName: boolean; readonly m: readonly Mismatch[] }[]): number {
  let best = 0;
  for (let i = 1; i < results.length; i++) {
    const [a, b] = [results[best], results[i]];
    if (a.sameName !== b.sameName ? b.sameName : differenceCount(b.m) < differenceCount(a.m)) best = i;
  }
  return best;
}

const EXACT = Symbol.for('cdktf-karpenter-eks.exactly');

/**
 * Turns off the partial semantics for `value`: objects must have exactly its keys and arrays
 * exactly its elements, in order. Asymmetric matchers nested inside still apply.
 *
 * @example expect(stack).toHaveNodePool({ template: { spec: { taints: exactly([]) } } })
 */
export function exactly<T>(value: T): T {
  return { [EXACT]: true, value, toString: () => `exactly(${render(value)})` } as unknown as T;
}

/**
 * Compares `received` with a deep-partial `expected`:
 * - objects: every key of `expected` must match; extra received keys are fine; an
 *   `undefined` expected value means the key must be absent;
 * - arrays: every expected element must match a different received element, in any order
 *   (`expect.arrayContaining` semantics, with partial elements); use `exactly([...])` for
 *   an exact list;
 * - asymmetric matchers (`expect.any(String)`, `expect.stringMatching(/x/)`) are honoured;
 * - anything else compares with `Object.is`.
 *
 * Returns every difference found (empty when it matches).
 */
export function partialMatch(received: unknown, expected: unknown, path = ''): Mismatch[] {
  if (isExactly(expected)) return exactMatch(received, expected.value, path);
  if (isAsymmetric(expected)) {
    return expected.asymmetricMatch(received)
      ? []
      : [{ path: pathLabel(path), problem: `expected ${render(expected)}, received ${render(received)}` }];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(received))
      return [{ path: pathLabel(path), problem: `expected an array containing ${render(expected)}, received ${render(received)}` }];
    return arrayContains(received, expected, path);
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(received))
      return [{ path: pathLabel(path), problem: `expected an object matching ${render(expected)}, received ${render(received)}` }];
    const out: Mismatch[] = [];
    for (const [k, v] of Object.entries(expected)) {
      const p = join(path, k);
      if (v === undefined) {
        if (ownValue(received, k) !== undefined) out.push({ path: p, problem: `expected to be absent, received ${render(received[k])}` });
      } else if (!Object.hasOwn(received, k)) {
        out.push({ path: p, problem: `expected ${render(v)}, but the field is missing` });
      } else {
        out.push(...partialMatch(received[k], v, p));
      }
    }
    return out;
  }
  return Object.is(received, expected) ? [] : [{ path: pathLabel(path), problem: `expected ${render(expected)}, received ${render(received)}` }];
}

// Every expected element must pair with a distinct received element; small lists, so try
// all pairings (augmenting paths) and report the closest element for those left unpaired.
function arrayContains(received: unknown[], expected: unknown[], path: string): Mismatch[] {
  const ok = expected.map((e) => received.map((r) => partialMatch(r, e, '').length === 0));
  const owner = new Array<number>(received.length).fill(-1);
  const tryAssign = (ei: number, seen: boolean[]): boolean => {
    for (let ri = 0; ri < received.length; ri++) {
      if (!ok[ei][ri] || seen[ri]) continue;
      seen[ri] = true;
      if (owner[ri] === -1 || tryAssign(owner[ri], seen)) {
        owner[ri] = ei;
        return true;
      }
    }
    return false;
  };
  const out: Mismatch[] = [];
  for (let ei = 0; ei < expected.length; ei++) {
    if (tryAssign(ei, new Array<boolean>(received.length).fill(false))) continue;
    if (ok[ei].some(Boolean)) {
      out.push({
        path: pathLabel(path),
        problem: `expected element ${render(expected[ei])} matches only elements already paired with other expected elements (duplicates?)`,
      });
      continue;
    }
    const results = received.map((r, ri) => ({ sameName: sameIdentity(r, expected[ei]), m: partialMatch(r, expected[ei], `${path}[${ri}]`) }));
    if (results.length === 0 || !(isPlainObject(expected[ei]) || Array.isArray(expected[ei]))) {
      out.push({ path: pathLabel(path), problem: `expected an element matching ${render(expected[ei])}, received ${render(received)}` });
    } else {
      const bestIndex = closestIndex(results);
      out.push({ path: pathLabel(path), problem: `no element matches ${render(expected[ei])}; the closest, [${bestIndex}], differs:`, header: true });
      out.push(...results[bestIndex].m);
    }
  }
  return out;
}

function exactMatch(received: unknown, expected: unknown, path: string): Mismatch[] {
  if (isExactly(expected)) return exactMatch(received, expected.value, path);
  if (isAsymmetric(expected)) return partialMatch(received, expected, path);
  if (Array.isArray(expected)) {
    if (!Array.isArray(received) || received.length !== expected.length) {
      return [{ path: pathLabel(path), problem: `expected exactly ${render(expected)}, received ${render(received)}` }];
    }
    return expected.flatMap((e, i) => exactMatch(received[i], e, `${path}[${i}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(received)) return [{ path: pathLabel(path), problem: `expected exactly ${render(expected)}, received ${render(received)}` }];
    const out: Mismatch[] = [];
    for (const k of Object.keys(received)) {
      if (!Object.hasOwn(expected, k) && received[k] !== undefined)
        out.push({ path: join(path, k), problem: `unexpected field, received ${render(received[k])}` });
    }
    for (const [k, v] of Object.entries(expected)) {
      if (!Object.hasOwn(received, k)) {
        if (v !== undefined) out.push({ path: join(path, k), problem: `expected ${render(v)}, but the field is missing` });
      } else out.push(...exactMatch(received[k], v, join(path, k)));
    }
    return out;
  }
  return Object.is(received, expected) ? [] : [{ path: pathLabel(path), problem: `expected ${render(expected)}, received ${render(received)}` }];
}

/** `[a, b, c, ... (+N more)]`, at most 8 names. */
export function list(names: readonly string[]): string {
  const shown = names.slice(0, 8).join(', ');
  return `[${shown}${names.length > 8 ? `, ... (+${names.length - 8} more)` : ''}]`;
}

export function formatMismatches(ms: readonly Mismatch[]): string {
  const limit = 20;
  const lines = ms.slice(0, limit).map((m) => `  ${m.path}: ${m.problem}`);
  if (ms.length > limit) lines.push(`  ... and ${ms.length - limit} more`);
  return lines.join('\n');
}

export function hint(name: string, isNot: boolean): string {
  return `expect(received).${isNot ? 'not.' : ''}${name}(expected)`;
}

export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function indent(s: string): string {
  return s
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

function join(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;
}

function pathLabel(path: string): string {
  return path === '' ? '(root)' : path;
}

interface Asymmetric {
  asymmetricMatch(other: unknown): boolean;
}

function isAsymmetric(x: unknown): x is Asymmetric {
  return typeof x === 'object' && x !== null && typeof (x as Asymmetric).asymmetricMatch === 'function';
}

function isExactly(x: unknown): x is { value: unknown } {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[EXACT] === true;
}

/** Compact rendering for messages; asymmetric matchers print as jest prints them. */
export function render(value: unknown, depth = 4): string {
  const replaced = replaceSpecial(value);
  return inspect(replaced, { depth, breakLength: 100, compact: 3, sorted: false, maxArrayLength: 20, maxStringLength: 200 });
}

function replaceSpecial(value: unknown): unknown {
  if (isExactly(value)) return new Shown(`exactly(${render(value.value)})`);
  if (isAsymmetric(value)) {
    // jest's printer: `toAsymmetricMatcher()` when defined, else `toString()` and the sample.
    const v = value as { toAsymmetricMatcher?: () => string; toString(): string; sample?: unknown };
    if (typeof v.toAsymmetricMatcher === 'function') return new Shown(v.toAsymmetricMatcher());
    return new Shown('sample' in v ? `${v.toString()} ${render(v.sample)}` : v.toString());
  }
  if (Array.isArray(value)) return value.map(replaceSpecial);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceSpecial(v)]));
  return value;
}

class Shown {
  constructor(private readonly text: string) {}
  [inspect.custom](): string {
    return this.text;
  }
}
