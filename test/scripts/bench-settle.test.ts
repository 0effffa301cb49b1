// The settling rows of the bench: targets and report lines from given samples (the bench itself is not run here).
import { medianSample, Sample } from '../../scripts/bench/measure';
import { evaluateSettleTargets, SETTLE_TARGETS, SettleSamples, settleRows } from '../../scripts/bench-settle';

const sample = (wallMs: number): Sample => ({ wallMs, maxRssKb: 200 * 1024 });
const samples = (one: number, settled: number, big?: number): SettleSamples => ({
  oneBatch: [sample(one), sample(one + 10), sample(one - 10)],
  settled: [sample(settled), sample(settled + 10), sample(settled - 10)],
  ...(big === undefined ? {} : { big: sample(big) }),
  workload: { oneMs: 100, settledMs: 130, rounds: 2 },
});

test('settled (f) within 1.5x one batch and 3 s passes; the 100,000-pod run is checked only when measured', () => {
  const checks = evaluateSettleTargets(samples(1200, 1700), medianSample);
  expect(checks.map((c) => [c.name, c.ok])).toEqual([
    ['explain 10,000 pods settled / one batch, wall', true],
    ['explain 10,000 pods settled, wall', true],
  ]);
  expect(checks[0].value).toBeCloseTo(1700 / 1200);
  expect(evaluateSettleTargets(samples(1200, 1700, 19000), medianSample)[2]).toMatchObject({ name: 'explain 100,000 pods settled, wall', ok: true });
});

test('each target fails past its limit', () => {
  expect(evaluateSettleTargets(samples(1000, 1600), medianSample)[0]).toMatchObject({ ok: false, limit: SETTLE_TARGETS.maxSettledRatio });
  expect(evaluateSettleTargets(samples(2500, 3100), medianSample)[1]).toMatchObject({ ok: false, limit: 3000 });
  expect(evaluateSettleTargets(samples(1200, 1700, 20001), medianSample)[2].ok).toBe(false);
});

test('the report rows and the (d) workload line', () => {
  const { rows, info } = settleRows(samples(1200, 1700, 9000));
  expect(rows.map((r) => r.label)).toEqual(['(f) explain, one batch', '    explain, settled', '    settled 100,000']);
  expect(info).toBe("(d)'s workload (20 NodePools x 1,000 pods) in-process: one batch 100 ms, settled 130 ms (2 round(s), 1.30x)");
});
