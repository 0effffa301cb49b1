// The synth-time check that the controller pods can run on the ControllerNodeGroups: each rule with a case that
// passes and one that fails. The Helm tier (test/helm) proves the same verdicts on the real render.
import { ControllerNodes, KarpenterAwsAttributes } from '../../../lib/core/aws/karpenter-aws-attributes';
import { toleratesTaint } from '../../../lib/core/controller/controller-nodes-check';
import { ControllerPlacement } from '../../../lib/core/controller/controller-settings';
import { buildKarpenterHelmValues, KarpenterHelmValuesOptions } from '../../../lib/core/controller/helm-values';
import { ValidationIssue } from '../../../lib/core/issues';
import { karpenterAttributes } from '../../util/karpenter-attributes';

const GROUP: ControllerNodes = { desiredSize: 2, labels: { 'karpenter.sh/controller': 'true' }, taints: [], zones: ['eu-west-1a', 'eu-west-1b'] };
const TAINTED: ControllerNodes = { ...GROUP, taints: [{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NoSchedule' }] };
const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('${TfToken[') };

function issuesOf(nodes: readonly ControllerNodes[] | undefined, options: Partial<KarpenterHelmValuesOptions> = {}): ValidationIssue[] {
  const karpenter: KarpenterAwsAttributes = karpenterAttributes({ controllerNodes: nodes });
  return buildKarpenterHelmValues({ karpenter, ...options }, ctx).issues.filter((i) => i.code !== 'AdditionalValuesOverride');
}
const lines = (issues: ValidationIssue[]) => issues.map((i) => `${i.severity}:${i.field}:${i.code}`);

describe('the controller pods against the ControllerNodeGroups', () => {
  test('the defaults run on the default group, tainted or not', () => {
    expect(issuesOf([GROUP])).toEqual([]);
    expect(issuesOf([TAINTED])).toEqual([]);
  });

  test('tolerations that drop CriticalAddonsOnly on a tainted group: an error naming the taint', () => {
    const issues = issuesOf([TAINTED], { additionalValues: { tolerations: [] } });
    expect(lines(issues)).toEqual(['error:additionalValues.tolerations:ControllerTaintNotTolerated']);
    expect(issues[0].message).toContain('CriticalAddonsOnly=true:NoSchedule');
    // Tolerated by another group that the pods select: they run there.
    expect(issuesOf([TAINTED, GROUP], { additionalValues: { tolerations: [] } })).toEqual([]);
    // A toleration for another key does not help; one for any key (operator Exists, no key) does.
    expect(lines(issuesOf([TAINTED], { additionalValues: { tolerations: [{ key: 'other', operator: 'Exists' }] } }))).toEqual([
      'error:additionalValues.tolerations:ControllerTaintNotTolerated',
    ]);
    expect(issuesOf([TAINTED], { additionalValues: { tolerations: [{ operator: 'Exists' }] } })).toEqual([]);
  });

  test('more replicas than nodes: a warning, as one replica a node stays Pending', () => {
    expect(issuesOf([GROUP], { replicas: 2 })).toEqual([]);
    const issues = issuesOf([GROUP], { replicas: 3 });
    expect(lines(issues)).toEqual(['warning:replicas:ControllerReplicasExceedNodes']);
    expect(issues[0].message).toContain('the ControllerNodeGroup runs 2, so 1 stay Pending');
    expect(lines(issuesOf([{ ...GROUP, desiredSize: 1 }]))).toEqual(['warning:replicas:ControllerReplicasExceedNodes']);
    // Two groups add up; without the hostname anti-affinity any number fits.
    expect(issuesOf([GROUP, GROUP], { replicas: 4 })).toEqual([]);
    const noAnti = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [] } } };
    expect(issuesOf([GROUP], { replicas: 3, additionalValues: noAnti })).toEqual([]);
  });

  test('every node in one zone: a warning; unknown zones are not checked', () => {
    const oneZone = { ...GROUP, zones: ['eu-west-1a', 'eu-west-1a'] };
    expect(lines(issuesOf([oneZone]))).toEqual(['warning:karpenter.controllerNodes:ControllerNodesInOneZone']);
    expect(issuesOf([{ ...oneZone, zones: undefined }])).toEqual([]);
    expect(issuesOf([oneZone], { replicas: 1 }).map((i) => i.code)).toEqual(['SingleControllerReplica']);
  });

  test('a placement on a label no group has: nothing to check; label keys are read as own keys only', () => {
    expect(issuesOf([{ ...TAINTED, desiredSize: 1 }], { placement: ControllerPlacement.controllerNodes({ key: 'team/nodes', value: 'x' }) })).toEqual(
      [],
    );
    expect(issuesOf([{ ...GROUP, desiredSize: 1 }], { placement: ControllerPlacement.controllerNodes({ key: 'constructor', value: 'x' }) })).toEqual(
      [],
    );
  });

  test('tokens skip the check; no controllerNodes, no check', () => {
    expect(issuesOf([{ ...GROUP, desiredSize: '${TfToken[TOKEN.1]}' as unknown as number }], { replicas: 5 })).toEqual([]);
    expect(issuesOf(undefined, { replicas: 5 })).toEqual([]);
  });

  test('hand-written controllerNodes that cannot be read: one InvalidAttribute error, and no check', () => {
    const bad = [{ desiredSize: '2', labels: { a: 1 }, taints: [{ key: 'k' }], zones: 'eu-west-1a' }] as unknown as ControllerNodes[];
    const issues = issuesOf(bad, { replicas: 5 });
    expect(lines(issues)).toEqual(['error:karpenter.controllerNodes:InvalidAttribute']);
    expect(issues[0].message).toMatch(
      /desiredSize must be a number, got "2".*labels must be a map of strings.*taints must be a list.*zones must be a list/,
    );
    expect(lines(issuesOf({} as unknown as ControllerNodes[]))).toEqual(['error:karpenter.controllerNodes:InvalidAttribute']);
  });
});

// kubernetes/api v0.36.3 core/v1/toleration.go:52-77, the rules its doc comment lists (39-51).
describe('toleratesTaint, as v1 Toleration.ToleratesTaint', () => {
  const taint = { key: 'k', value: 'v', effect: 'NoSchedule' };
  test.each([
    [{ key: 'k', operator: 'Equal', value: 'v' }, true],
    [{ key: 'k', value: 'v' }, true],
    [{ key: 'k', operator: '', value: 'v' }, true],
    [{ key: 'k', operator: 'Exists' }, true],
    [{ operator: 'Exists' }, true],
    [{ key: 'k', operator: 'Equal', value: 'w' }, false],
    [{ key: 'k', operator: 'Exists', effect: 'NoExecute' }, false],
    [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }, true],
    [{ key: 'other', operator: 'Exists' }, false],
    [{ key: 'k', operator: 'Lt', value: 'v' }, false],
  ])('%j tolerates k=v:NoSchedule: %s', (toleration, expected) => {
    expect(toleratesTaint(toleration, taint)).toBe(expected);
  });
});
