// migrationToYaml keeps the comments of YAML input; so does `validate --migrate --output -`.
import { parse, parseAllDocuments } from 'yaml';
import { migrateManifests, migrationToYaml } from '../../../lib/core/migrate/migrate-manifests';
import { ExitCode } from '../../../lib/cli/command-io';
import { runOnStdin } from './migrate-helpers';

describe('migrationToYaml: keeps the comments of YAML input', () => {
  const input = [
    '# Production pools, owned by the platform team.',
    'apiVersion: karpenter.sh/v1beta1',
    'kind: NodePool',
    'metadata:',
    '  name: app # the main pool',
    'spec:',
    '  template:',
    '    spec:',
    '      nodeClassRef:',
    '        name: default',
    '      # spot first, on-demand as a fallback',
    '      requirements:',
    '        - key: karpenter.sh/capacity-type',
    '          operator: In',
    '          values: ["spot", "on-demand"]',
    '  disruption:',
    '    consolidationPolicy: WhenUnderutilized',
    '    # rotate nodes monthly',
    '    expireAfter: 720h # 30 days',
    '    # no v1 home for this one',
    '  limits:',
    '    cpu: "100" # about 25 nodes',
    '  weight: 10',
  ].join('\n');

  test('the head comment and comments on fields that survive stay where they were', () => {
    const text = migrationToYaml(migrateManifests(input));
    expect(text.startsWith('# Production pools, owned by the platform team.\napiVersion: karpenter.sh/v1\n')).toBe(true);
    expect(text).toMatch(/^ {2}name: app # the main pool$/m);
    expect(text).toMatch(/^ {6}# spot first, on-demand as a fallback\n {6}requirements:$/m);
    expect(text).toMatch(/^ {4}cpu: "100" # about 25 nodes$/m);
  });

  test('a comment follows its field where the migration moved it', () => {
    const text = migrationToYaml(migrateManifests(input));
    expect(text).toMatch(/^ {6}# rotate nodes monthly\n {6}expireAfter: 720h # 30 days$/m);
  });

  test('the commented YAML parses to the migrated manifests', () => {
    const r = migrateManifests(input);
    expect(parse(migrationToYaml(r))).toEqual(r.manifests[0]);
    expect(
      migrationToYaml(r)
        .replace(/ *#.*$/gm, '')
        .replace(/^\n/gm, ''),
    ).toBe(migrationToYaml(migrateManifests([parse(input)])));
  });

  test('yaml Documents keep their comments too; parsed values have none to keep', () => {
    const docs = parseAllDocuments(input);
    expect(migrationToYaml(migrateManifests(docs))).toBe(migrationToYaml(migrateManifests(input)));
    expect(migrationToYaml(migrateManifests([parse(input)]))).not.toMatch(/#/);
  });

  test('a Provisioner with an inline provider: the head comment once, provider comments on the EC2NodeClass', () => {
    const provisioner = [
      '# Legacy provisioner',
      'apiVersion: karpenter.sh/v1alpha5',
      'kind: Provisioner',
      'metadata:',
      '  name: legacy',
      'spec:',
      '  provider:',
      '    instanceProfile: KarpenterNodeInstanceProfile',
      '    # private subnets only',
      '    subnetSelector:',
      '      karpenter.sh/discovery: demo',
      '    securityGroupSelector:',
      '      karpenter.sh/discovery: demo # the node security group',
    ].join('\n');
    const text = migrationToYaml(migrateManifests(provisioner));
    expect(text.match(/# Legacy provisioner/g)).toHaveLength(1);
    const nodeClass = text.split('---\n')[1];
    expect(nodeClass).toMatch(/^kind: EC2NodeClass$/m);
    expect(nodeClass).toMatch(/^ {2}# private subnets only\n {2}subnetSelectorTerms:$/m);
  });

  test('v1 documents passing through keep their comments', () => {
    const v1 = 'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: current # already v1\nspec:\n  weight: 5\n';
    expect(migrationToYaml(migrateManifests(v1))).toBe(v1);
  });
});

test('validate --migrate --output - keeps the comments of the input, and other documents in place', () => {
  const text = [
    '# pools of the platform team',
    'apiVersion: karpenter.sh/v1beta1',
    'kind: NodePool',
    'metadata:',
    '  name: app',
    'spec:',
    '  template:',
    '    spec:',
    '      nodeClassRef:',
    '        name: default',
    '      # spot first',
    '      requirements:',
    '        - key: karpenter.sh/capacity-type',
    '          operator: In',
    '          values: ["spot"]',
    '  limits:',
    '    cpu: "100" # about 25 nodes',
    '---',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: unrelated',
    '',
  ].join('\n');
  const { code, stdout } = runOnStdin(['validate', '--migrate', '--output', '-', '-'], text);
  expect(code).toBe(ExitCode.OK);
  expect(stdout).toMatch(/^# pools of the platform team$/m);
  expect(stdout).toMatch(/^ +# spot first\n +requirements:$/m);
  expect(stdout).toMatch(/cpu: "100" # about 25 nodes$/m);
  // The ConfigMap stays after the pool, as in the input.
  expect(stdout.indexOf('kind: ConfigMap')).toBeGreaterThan(stdout.indexOf('kind: NodePool'));
});
