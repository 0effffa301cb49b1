import { isPlainObject } from '../json';
import { Obj } from './migration-types';

/** Removes `key` from `obj` and returns its value: converters consume the input as they go. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function take(obj: Obj, key: string): any {
  const v = obj[key];
  delete obj[key];
  return v;
}

export function copy(from: Obj, to: Obj, key: string): void {
  const v = take(from, key);
  if (v !== undefined) to[key] = v;
}

/** A v1alpha1 comma-separated list. */
export function list(v: unknown): string[] {
  if (v === undefined) return [];
  return String(v)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (isObject(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
}

/** `isPlainObject`, typed for walking loose pre-v1 input. */
export const isObject = isPlainObject as (v: unknown) => v is Obj;

/** `v` when it is a string, else undefined. */
export function stringOrUndefined(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
