import { IssueCollector } from '../../../lib/core/issues';
import { planInterruptionQueue } from '../../../lib/core/aws/interruption-queue-plan';
import { planNodeRole } from '../../../lib/core/aws/node-role-plan';
import { checkClusterNameOnce } from '../../../lib/core/aws/plan-fields';

describe('checkClusterNameOnce', () => {
  test('should check the cluster name when the plan stands alone', () => {
    const issues = new IssueCollector();
    expect(checkClusterNameOnce(issues, 'cluster.clusterName', 'demo', undefined)).toBe(true);
    expect(checkClusterNameOnce(issues, 'cluster.clusterName', 'bad name!', undefined)).toBe(false);
    expect(issues.issues.map((i) => i.field)).toEqual(['cluster.clusterName']);
  });

  test('should take the verdict of the check where the name entered, without checking again', () => {
    const issues = new IssueCollector();
    expect(checkClusterNameOnce(issues, 'cluster.clusterName', 'bad name!', undefined, false)).toBe(false);
    expect(checkClusterNameOnce(issues, 'cluster.clusterName', 'bad name!', undefined, true)).toBe(true);
    expect(checkClusterNameOnce(issues, 'cluster.clusterName', 'demo', undefined, false)).toBe(false);
    expect(issues.issues).toEqual([]);
    // A plan given such a cluster derives no names from the bad one, so it reports nothing at all.
    expect(planNodeRole({ clusterName: 'bad name!', clusterNameValid: false }).issues).toEqual([]);
  });

  test('should judge only its own check, not issues collected before it', () => {
    const issues = new IssueCollector();
    issues.error('other', 'Other', 'an earlier problem');
    expect(checkClusterNameOnce(issues, 'clusterName', 'demo', undefined)).toBe(true);
  });

  test("should take a composing parent's verdict without checking again", () => {
    const issues = new IssueCollector();
    expect(checkClusterNameOnce(issues, 'clusterName', 'bad name!', { fields: {}, clusterNameOk: true })).toBe(true);
    expect(checkClusterNameOnce(issues, 'clusterName', 'demo', { fields: {}, clusterNameOk: false })).toBe(false);
    expect(issues.issues).toEqual([]);
  });

  test('should leave a bad cluster name reported once, by the plan that checks it', () => {
    const alone = planNodeRole({ clusterName: 'bad name!' });
    expect(alone.issues.filter((i) => i.field === 'cluster.clusterName')).toHaveLength(1);
    const composed = planInterruptionQueue({ clusterName: 'bad name!' }, {}, { fields: {}, clusterNameOk: false });
    expect(composed.issues.filter((i) => i.field === 'clusterName')).toEqual([]);
  });
});
