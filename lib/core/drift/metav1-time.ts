//
// `*metav1.Time` (apimachinery pkg/apis/meta/v1/time.go: `type Time struct { time.Time }`, UnmarshalJSON parses
// RFC 3339 and converts to Local). Only `taints[].timeAdded` carries one; Karpenter's controller runs in UTC, so
// the Local zone offset is modelled as 0 minutes (not validated against a real cluster).

import { GoJsonReader } from './go-json';
import { GoPointer, GoStruct, goPointer, goStruct } from './hashstructure';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** The Go zero `metav1.Time` (a zero `time.Time` inside). */
const METAV1_TIME_ZERO: GoStruct = goStruct('Time', [{ name: 'Time', value: { kind: 'struct', typeName: 'Time', fields: [] } }]);

/** A `*metav1.Time` field from its JSON (an RFC 3339 string, or null/absent for nil). */
export function readMetav1TimePointer(r: GoJsonReader, value: unknown, field: string): GoPointer {
  if (value === undefined || value === null) return goPointer(null, METAV1_TIME_ZERO);
  const m = typeof value === 'string' ? RFC3339.exec(value) : null;
  if (m === null) {
    r.fail(field, `must be an RFC 3339 time such as "2024-01-01T00:00:00Z", got ${JSON.stringify(value)}`);
    return goPointer(null, METAV1_TIME_ZERO);
  }
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  let offsetSec = 0;
  if (zone !== 'Z' && zone !== 'z') offsetSec = (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d)); // Date.UTC would read years 0-99 as 1900-1999
  date.setUTCHours(Number(h), Number(mi), Number(s), 0);
  const utcMs = date.getTime();
  // time.Parse refuses an out-of-range field (Feb 30, hour 24) where Date would roll it over.
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    r.fail(field, `${JSON.stringify(value)} is not a valid time`);
    return goPointer(null, METAV1_TIME_ZERO);
  }
  const unixSeconds = BigInt(utcMs / 1000) - BigInt(offsetSec);
  const nanos = frac === undefined ? 0 : Number(frac.padEnd(9, '0'));
  return goPointer(goStruct('Time', [{ name: 'Time', value: { kind: 'time', unixSeconds, nanos, offsetMinutes: 0 } }]), METAV1_TIME_ZERO);
}
