// planNodePool: every check of one NodePool in one place (issue #23 item 1).
import { AmiFamilyAlias, Ec2NodeClassDefinition } from '../../../lib/core/api/ec2-node-class-definition';
import { AmiSelectorTerm, SecurityGroupSelectorTerm, SubnetSelectorTerm } from '../../../lib/core/model/selector-terms';
import { NodePoolDefinition } from '../../../lib/core/api/node-pool-definition';
import { Requirement } from '../../../lib/core/model/requirement-builder';
import { Severity } from '../../../lib/core/issues';
import { planNodePool } from '../../../lib/core/api/node-pool-plan';
import * as inputs from '../../../lib/core/sim/inputs';
import { ec2NodeClass, nodePool, patched } from './fixtures';

const REQ = 'spec.template.spec.requirements';
const verdict = (issues: readonly { severity: Severity; code: string }[]) => issues.map((i) => `${i.severity} ${i.code}`);

// The reproduction of issue #23: an AL2023 class "default" and a pool "huge" requiring more than 1024 vCPUs, without limits.
const HUGE = patched(nodePool(), [REQ, [{ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['1024'] }]], ['spec.limits', undefined]);

describe('planNodePool', () => {
  test('a pool no catalog type fits: the lints and NoCompatibleInstanceTypes, naming the requirement as written', () => {
    const { manifest, issues } = planNodePool(HUGE, { nodeClass: ec2NodeClass() });
    expect(manifest).toBe(HUGE);
    expect(verdict(issues)).toEqual(['warning NodePoolWithoutLimits', 'warning NoCompatibleInstanceTypes']);
    const none = issues.find((i) => i.code === 'NoCompatibleInstanceTypes')!;
    expect(none.field).toBe(`${REQ}[0]`);
    expect(none.message).toContain('left after karpenter.k8s.aws/instance-cpu Gt 1024 (1363 were before it)');
    expect(none.message).not.toContain('Exists');
  });

  test('reads the pool and its class once for the catalog lints and the budget', () => {
    // Before one reading was shared, readNodeClass ran 3 times for a pool with maxHourlyCost (issue #23).
    const readClass = jest.spyOn(inputs, 'readNodeClass');
    const readPool = jest.spyOn(inputs, 'readNodePool');
    try {
      const { issues } = planNodePool(patched(nodePool(), ['spec.limits', { cpu: '100', memory: '400Gi' }]), {
        nodeClass: ec2NodeClass(),
        maxHourlyCost: 10,
      });
      expect(verdict(issues)).toEqual(['warning CostCeilingOverBudget']);
      expect(readClass).toHaveBeenCalledTimes(1);
      expect(readPool).toHaveBeenCalledTimes(1);
    } finally {
      readClass.mockRestore();
      readPool.mockRestore();
    }
  });

  test('the budget takes the limits the shared reading parsed: they are not read again', () => {
    const reads = (maxHourlyCost?: number) => {
      let n = 0;
      const limits = {
        get cpu() {
          n++;
          return '100';
        },
      };
      const { issues } = planNodePool({ ...nodePool(), spec: { ...nodePool().spec, limits } }, { nodeClass: ec2NodeClass(), maxHourlyCost });
      return { n, verdict: verdict(issues) };
    };
    const checked = reads(1);
    expect(checked.verdict).toEqual(['warning CostCeilingOverBudget']);
    // The schema and the reading read the limits; the budget adds no read of its own.
    expect(checked.n).toBe(reads().n);
  });

  test('without the node class the checks that need it are skipped', () => {
    expect(verdict(planNodePool(HUGE).issues)).toEqual(['warning NodePoolWithoutLimits']);
  });

  test('a definition gives the verdict of its manifest, and returns its rendering', () => {
    const definition = new NodePoolDefinition({
      name: 'default',
      nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
      requirements: [Requirement.instanceCpu.greaterThan(1024)],
    });
    const nodeClass = new Ec2NodeClassDefinition({
      name: 'default',
      role: 'KarpenterNodeRole-demo',
      amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
      subnetSelectorTerms: [SubnetSelectorTerm.discovery('demo')],
      securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery('demo')],
    });
    const planned = planNodePool(definition, { nodeClass });
    expect(planned.manifest).toEqual(definition.toManifest());
    expect(verdict(planned.issues)).toEqual(verdict(planNodePool(definition.toManifest(), { nodeClass: nodeClass.toManifest() }).issues));
  });

  test('a node-class mismatch replaces the catalog verdicts it explains, naming the class as given', () => {
    const windows = patched(nodePool(), [REQ, [{ key: 'kubernetes.io/os', operator: 'In', values: ['windows'] }]]);
    const { issues } = planNodePool(windows, { nodeClass: ec2NodeClass(), nodeClassName: '"default" (classes.yaml:4)' });
    expect(verdict(issues)).toEqual(['error NodePoolNodeClassMismatch']);
    expect(issues[0].message).toContain('node class "default" (classes.yaml:4) uses AMI family AL2023');
  });

  test('the budget and catalogChecks: strict turns the catalog findings into errors, off drops them', () => {
    expect(verdict(planNodePool(HUGE, { nodeClass: ec2NodeClass(), catalogChecks: 'error' }).issues)).toEqual([
      'warning NodePoolWithoutLimits',
      'error NoCompatibleInstanceTypes',
    ]);
    expect(verdict(planNodePool(HUGE, { nodeClass: ec2NodeClass(), catalogChecks: 'off' }).issues)).toEqual(['warning NodePoolWithoutLimits']);
    expect(verdict(planNodePool(nodePool({ limits: undefined }), { nodeClass: ec2NodeClass(), maxHourlyCost: 10 }).issues)).toEqual([
      'warning NodePoolWithoutLimits',
      'warning CostCeilingOverBudget',
    ]);
  });

  test('anything else is validateManifest verdict, never a throw', () => {
    expect(verdict(planNodePool(null).issues)).toEqual(['error InvalidType']);
    expect(verdict(planNodePool({ apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool' }).issues)).toEqual(['error UnsupportedApiVersion']);
  });

  describe('Terraform tokens: a value that is one is not checked, wherever it is', () => {
    const TOKEN = '${TfToken[TOKEN.7]}';
    const COST = -1.8881545897087626e289; // a number token's encoding
    const isUnresolved = (v: unknown) => (typeof v === 'string' && v.includes('${TfToken[')) || v === COST;
    const plan = (pool: object, ctx: object = {}) => verdict(planNodePool(pool, { nodeClass: ec2NodeClass(), isUnresolved, ...ctx }).issues);
    const cpuGt = (value: string) => patched(nodePool(), [REQ, [{ key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: [value] }]]);

    test('in a requirement value, a template label key or maxHourlyCost; the literal it stands for is checked', () => {
      expect(plan(cpuGt('1024'))).toEqual(['warning NoCompatibleInstanceTypes']);
      expect(plan(cpuGt(TOKEN))).toEqual([]);
      const labels = (key: string) => patched(nodePool(), ['spec.template.metadata', { labels: { [key]: 'v' } }]);
      expect(plan(labels('bad key!'))).toContain('error InvalidTemplateLabelKey');
      expect(plan(labels(TOKEN))).toEqual([]);
      const limited = patched(nodePool(), ['spec.limits', { cpu: '100', memory: '400Gi' }]);
      expect(plan(limited, { maxHourlyCost: 1 })).toEqual(['warning CostCeilingOverBudget']);
      expect(plan(limited, { maxHourlyCost: COST })).toEqual([]);
    });

    test('a key that is a token (a limit named by one): what the pool admits is unknown, so no catalog finding', () => {
      // The catalog lints test keys with the plan's own walk (holdsToken), as they test values.
      expect(plan(patched(cpuGt('1024'), ['spec.limits', { cpu: '100' }]))).toContain('warning NoCompatibleInstanceTypes');
      expect(plan(patched(cpuGt('1024'), ['spec.limits', { [TOKEN]: '100' }]))).not.toContain('warning NoCompatibleInstanceTypes');
    });

    test('deep in the node class: the catalog checks that need the class are skipped', () => {
      const tokenClass = ec2NodeClass({ amiSelectorTerms: [{ alias: TOKEN }] });
      expect(plan(cpuGt('1024'), { nodeClass: tokenClass })).toEqual([]);
    });

    test('a value nested deeper than any field, with a token test: a verdict, never a throw', () => {
      let deep: object = { leaf: TOKEN };
      for (let i = 0; i < 100_000; i++) deep = { a: deep };
      const pool = patched(nodePool(), ['metadata', { name: 'default', annotations: { x: 'y' }, extra: deep }]);
      expect(() => planNodePool(pool, { nodeClass: ec2NodeClass(), isUnresolved })).not.toThrow();
      expect(plan(pool)).toContain('error UnknownField');
    });
  });
});
