// The budget schedule parser and Next, as robfig/cron v3.0.1 behaves (parser.go, spec.go); Karpenter evaluates
// schedules in UTC (core pkg/apis/v1/nodepool.go:417 at v1.14.1).
import { nextCronTime, parseCronSchedule } from '../../../lib/core/shared/cron';

const next = (spec: string, from: string) => nextCronTime(parseCronSchedule(spec), new Date(from))?.toISOString();

describe('nextCronTime', () => {
  test.each([
    // Strictly after the given time (spec.go:78: "the upcoming second").
    ['0 9 * * *', '2026-12-07T09:00:00Z', '2026-12-08T09:00:00.000Z'],
    ['0 9 * * *', '2026-12-07T08:59:59Z', '2026-12-07T09:00:00.000Z'],
    ['*/15 * * * *', '2026-12-07T10:07:00Z', '2026-12-07T10:15:00.000Z'],
    ['30 22 * * mon-fri', '2026-12-11T23:00:00Z', '2026-12-14T22:30:00.000Z'], // Friday night to Monday
    ['0 0 * * SUN', '2026-12-07T00:00:00Z', '2026-12-13T00:00:00.000Z'],
    // Day of month and day of week both restricted: either matches (spec.go dayMatches).
    ['0 0 1 * mon', '2026-12-08T00:00:00Z', '2026-12-14T00:00:00.000Z'],
    ['0 0 1 * mon', '2026-12-29T00:00:00Z', '2027-01-01T00:00:00.000Z'],
    // One of them `*`: both must match.
    ['0 0 * 2 mon', '2026-12-07T00:00:00Z', '2027-02-01T00:00:00.000Z'],
    ['0 0 31 * *', '2027-02-01T00:00:00Z', '2027-03-31T00:00:00.000Z'],
    ['0 12 29 feb *', '2026-12-07T00:00:00Z', '2028-02-29T12:00:00.000Z'],
    ['@daily', '2026-12-07T13:00:00Z', '2026-12-08T00:00:00.000Z'],
    ['@hourly', '2026-12-07T13:00:00Z', '2026-12-07T14:00:00.000Z'],
    ['@weekly', '2026-12-07T13:00:00Z', '2026-12-13T00:00:00.000Z'],
    ['@monthly', '2026-12-07T13:00:00Z', '2027-01-01T00:00:00.000Z'],
    ['@yearly', '2026-12-07T13:00:00Z', '2027-01-01T00:00:00.000Z'],
    ['5-10/2 * * * *', '2026-12-07T13:06:00Z', '2026-12-07T13:07:00.000Z'],
    ['0 ? * * *', '2026-12-07T13:06:00Z', '2026-12-07T14:00:00.000Z'],
  ])('%s after %s is %s', (spec, from, expected) => {
    expect(next(spec, from)).toBe(expected);
  });

  test('a date that never comes gives nothing within five years (spec.go:84-90)', () => {
    expect(next('0 0 30 2 *', '2026-12-07T00:00:00Z')).toBeUndefined();
  });
});

describe('parseCronSchedule rejects what robfig/cron rejects', () => {
  test.each([
    ['* * * *', 'expected exactly 5 fields, found 4'],
    ['* * * * * *', 'expected exactly 5 fields, found 6'],
    ['60 * * * *', 'end of range (60) above maximum (59)'],
    ['* * * * 7', 'end of range (7) above maximum (6)'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1)'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1)'],
    ['*/0 * * * *', 'step of range should be a positive number'],
    ['1-2-3 * * * *', 'too many hyphens'],
    ['*/2/3 * * * *', 'too many slashes'],
    ['x * * * *', 'failed to parse int from x'],
    ['@fortnightly', 'unrecognized descriptor'],
    ['@every 1h', 'not a schedule the NodePool CRD accepts'],
    ['', 'empty spec string'],
  ])('%s', (spec, message) => {
    expect(() => parseCronSchedule(spec)).toThrow(message);
  });
});
