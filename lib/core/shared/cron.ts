// The cron schedules of disruption budgets as Karpenter reads them: `cron.ParseStandard("TZ=UTC " + schedule)`
// (kubernetes-sigs/karpenter v1.14.1 pkg/apis/v1/nodepool.go:417), robfig/cron v3.0.1; drift evaluates them here. Ported from reading
// parser.go (Parse :88-158, getRange :252-319, parseDescriptor :365-430) and spec.go (Next :58-177, dayMatches :179-188).
// Only UTC is needed, so the daylight-saving steps of Next fall away.

/** Go's unicode.IsSpace, what strings.Fields and strings.TrimSpace split on (JavaScript's \s differs: U+0085, U+FEFF). */
const SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const GO_SPACES = new RegExp(`[${SPACE}]+`);
const GO_SPACE_EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, 'g');

/** A parsed schedule: the allowed values of each field, and whether dom/dow were `*` (spec.go starBit). */
export interface CronSchedule {
  readonly minute: readonly boolean[];
  readonly hour: readonly boolean[];
  readonly dom: readonly boolean[];
  readonly month: readonly boolean[];
  readonly dow: readonly boolean[];
  readonly domStar: boolean;
  readonly dowStar: boolean;
}

interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly names?: ReadonlyMap<string, number>;
}

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = {
  min: 1,
  max: 12,
  names: new Map(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [m, i + 1])),
};
const DOW: Bounds = { min: 0, max: 6, names: new Map(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d, i) => [d, i])) };

interface Field {
  readonly bits: boolean[];
  readonly star: boolean;
}

function bitsOf(min: number, max: number, step: number): boolean[] {
  const bits: boolean[] = [];
  for (let i = min; i <= max; i += step) bits[i] = true;
  return bits;
}

function all(r: Bounds): Field {
  return { bits: bitsOf(r.min, r.max, 1), star: true };
}

function only(v: number): Field {
  return { bits: bitsOf(v, v, 1), star: false };
}

/** Go's strconv.Atoi of a non-negative number (parser.go mustParseInt). */
function mustParseInt(expr: string): number {
  if (!/^[+-]?\d{1,18}$/.test(expr)) throw new Error(`failed to parse int from ${expr}`);
  const n = Number(expr);
  if (n < 0) throw new Error(`negative number (${n}) not allowed: ${expr}`);
  return n;
}

function parseIntOrName(expr: string, names?: ReadonlyMap<string, number>): number {
  const named = names?.get(expr.toLowerCase());
  return named ?? mustParseInt(expr);
}

/** One comma-separated range, `*`, `a-b`, `a/s` or `a-b/s` (parser.go getRange). */
function getRange(expr: string, r: Bounds): Field {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = r.min;
    end = r.max;
    star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0], r.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], r.names);
    else throw new Error(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]);
    if (singleDigit) end = r.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) throw new Error(`too many slashes: ${expr}`);
  if (start < r.min) throw new Error(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) throw new Error(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) throw new Error(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new Error(`step of range should be a positive number: ${expr}`);
  return { bits: bitsOf(start, end, step), star };
}

function getField(field: string, r: Bounds): Field {
  const bits: boolean[] = [];
  let star = false;
  // strings.FieldsFunc on ',': empty parts are dropped.
  for (const expr of field.split(',').filter((e) => e !== '')) {
    const f = getRange(expr, r);
    f.bits.forEach((b, i) => (bits[i] = bits[i] || b));
    star = star || f.star;
  }
  return { bits, star };
}

function schedule(minute: Field, hour: Field, dom: Field, month: Field, dow: Field): CronSchedule {
  return { minute: minute.bits, hour: hour.bits, dom: dom.bits, month: month.bits, dow: dow.bits, domStar: dom.star, dowStar: dow.star };
}

const DESCRIPTORS: Readonly<Record<string, () => CronSchedule>> = {
  '@yearly': () => schedule(only(0), only(0), only(1), only(1), all(DOW)),
  '@annually': () => schedule(only(0), only(0), only(1), only(1), all(DOW)),
  '@monthly': () => schedule(only(0), only(0), only(1), all(MONTHS), all(DOW)),
  '@weekly': () => schedule(only(0), only(0), all(DOM), all(MONTHS), only(0)),
  '@daily': () => schedule(only(0), only(0), all(DOM), all(MONTHS), all(DOW)),
  '@midnight': () => schedule(only(0), only(0), all(DOM), all(MONTHS), all(DOW)),
  '@hourly': () => schedule(only(0), all(HOURS), all(DOM), all(MONTHS), all(DOW)),
};

/**
 * Parses a budget's schedule as Karpenter does (five fields or a descriptor, UTC). Throws an Error saying why
 * for a schedule robfig/cron rejects; `@every` (a constant-delay schedule) is reported as not supported here.
 */
export function parseCronSchedule(spec: string): CronSchedule {
  const trimmed = spec.replace(GO_SPACE_EDGES, '');
  if (trimmed === '') throw new Error('empty spec string');
  if (trimmed.startsWith('@')) {
    const d = Object.hasOwn(DESCRIPTORS, trimmed) ? DESCRIPTORS[trimmed] : undefined;
    if (d) return d();
    throw new Error(trimmed.startsWith('@every ') ? `${trimmed} is not a schedule the NodePool CRD accepts` : `unrecognized descriptor: ${trimmed}`);
  }
  const fields = trimmed.split(GO_SPACES);
  if (fields.length !== 5) throw new Error(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  return schedule(
    getField(fields[0], MINUTES),
    getField(fields[1], HOURS),
    getField(fields[2], DOM),
    getField(fields[3], MONTHS),
    getField(fields[4], DOW),
  );
}

function dayMatches(s: CronSchedule, t: Date): boolean {
  const domMatch = s.dom[t.getUTCDate()] === true;
  const dowMatch = s.dow[t.getUTCDay()] === true;
  if (s.domStar || s.dowStar) return domMatch && dowMatch;
  return domMatch || dowMatch;
}

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date {
  return new Date(Date.UTC(y, mo, d, h, mi, s));
}

/** The first time after `from` (strictly) the schedule fires, or undefined when none is within five years (spec.go Next). */
export function nextCronTime(s: CronSchedule, from: Date): Date | undefined {
  let t = new Date(Math.floor(from.getTime() / 1000) * 1000 + 1000);
  let added = false;
  const yearLimit = t.getUTCFullYear() + 5;
  wrap: for (;;) {
    if (t.getUTCFullYear() > yearLimit) return undefined;
    while (s.month[t.getUTCMonth() + 1] !== true) {
      if (!added) {
        added = true;
        t = utc(t.getUTCFullYear(), t.getUTCMonth(), 1);
      }
      t = utc(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds());
      if (t.getUTCMonth() === 0) continue wrap;
    }
    while (!dayMatches(s, t)) {
      if (!added) {
        added = true;
        t = utc(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
      }
      t = new Date(t.getTime() + 86_400_000);
      if (t.getUTCDate() === 1) continue wrap;
    }
    while (s.hour[t.getUTCHours()] !== true) {
      if (!added) {
        added = true;
        t = utc(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), t.getUTCHours());
      }
      t = new Date(t.getTime() + 3_600_000);
      if (t.getUTCHours() === 0) continue wrap;
    }
    while (s.minute[t.getUTCMinutes()] !== true) {
      if (!added) {
        added = true;
        t = new Date(Math.floor(t.getTime() / 60_000) * 60_000);
      }
      t = new Date(t.getTime() + 60_000);
      if (t.getUTCMinutes() === 0) continue wrap;
    }
    // The standard parser fixes seconds at 0.
    while (t.getUTCSeconds() !== 0) {
      if (!added) {
        added = true;
        t = new Date(Math.floor(t.getTime() / 1000) * 1000);
      }
      t = new Date(t.getTime() + 1000);
      if (t.getUTCSeconds() === 0) continue wrap;
    }
    return t;
  }
}
