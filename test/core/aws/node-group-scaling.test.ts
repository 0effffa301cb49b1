import { IssueCollector } from '../../../lib/core/issues';
import { validateControllerScaling } from '../../../lib/core/aws/node-group-scaling';

function check(minSize: number, desiredSize: number, maxSize: number, allowSingleNode = false) {
  const issues = new IssueCollector({ isUnresolved: (v) => typeof v === 'number' && Number.isNaN(v) });
  validateControllerScaling(issues, { minSize, desiredSize, maxSize }, allowSingleNode);
  return issues.issues;
}

describe('validateControllerScaling', () => {
  test('should accept 2/2/3', () => {
    expect(check(2, 2, 3)).toEqual([]);
  });

  test('reports min > desired and desired > max', () => {
    expect(check(3, 2, 3).map((i) => i.code)).toEqual(['MinSizeAboveDesired']);
    expect(check(4, 3, 2).map((i) => `${i.field}: ${i.message}`)).toEqual([
      "minSize: minSize 4 can't be greater than desiredSize 3. Lower minSize or raise desiredSize.",
      "desiredSize: desiredSize 3 can't be greater than maxSize 2. Raise maxSize or lower desiredSize.",
    ]);
    expect(check(2, 4, 3)).toEqual([
      expect.objectContaining({
        field: 'desiredSize',
        message: "desiredSize 4 can't be greater than maxSize 3. Raise maxSize or lower desiredSize.",
      }),
    ]);
  });

  test('reports a single node and explains the anti-affinity', () => {
    expect(check(1, 1, 3)).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'TooFewControllerNodes',
        message: expect.stringMatching(
          /desiredSize is 1, but Karpenter runs 2 controller replicas with a required pod anti-affinity on kubernetes\.io\/hostname, so on fewer nodes one replica stays Pending.*allowSingleNode: true/,
        ),
      }),
    ]);
  });

  test('should accept a single node when allowed', () => {
    expect(check(1, 1, 1, true)).toEqual([]);
  });

  test('warns when min is below the replica count', () => {
    expect(check(1, 2, 3)).toEqual([expect.objectContaining({ severity: 'warning', code: 'ControllerMinSizeBelowReplicas' })]);
  });

  test('reports negative, fractional and zero-max sizes', () => {
    expect(check(-1, 2, 0).map((i) => i.code)).toEqual(expect.arrayContaining(['InvalidNodeCount', 'MaxSizeBelowOne', 'DesiredSizeAboveMax']));
    expect(check(2, 2.5, 3).map((i) => i.code)).toContain('InvalidNodeCount');
  });

  test('should skip tokens', () => {
    expect(check(NaN, NaN, NaN)).toEqual([]);
  });
});
