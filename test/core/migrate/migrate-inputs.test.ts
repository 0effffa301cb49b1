// migrateManifests on inputs it cannot migrate, and on unknown or wrongly typed fields: nothing is dropped silently.
import { migrateManifests } from '../../../lib/core/migrate/migrate-manifests';
import { ExitCode } from '../../../lib/cli/command-io';
import { manifest, changes, errorsOfOutput, NODE_CLASS_REF, nodePool, nodeClass, poolSpec, classSpec, runOnStdin } from './migrate-helpers';

describe('migrateManifests: inputs it cannot migrate', () => {
  test('should pass v1 manifests through unchanged', () => {
    const v1 = {
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'a' },
      spec: { template: { spec: { nodeClassRef: NODE_CLASS_REF, requirements: [] } } },
    };
    const r = migrateManifests([v1]);
    expect(r.manifests).toEqual([v1]);
    expect(r.reports[0].changes).toEqual([]);
  });

  test('should report an unknown apiVersion or kind', () => {
    const r = migrateManifests([
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } },
      { apiVersion: 'karpenter.sh/v1beta1', kind: 'NodeClaim', metadata: { name: 'nc' } },
    ]);
    expect(r.manifests).toEqual([]);
    expect(r.errors).toEqual([
      {
        document: 0,
        kind: 'ConfigMap',
        name: 'cm',
        code: 'UnsupportedKind',
        message: expect.stringMatching(/cannot migrate v1 ConfigMap cm \(document 0\): supported are/),
      },
      { document: 1, kind: 'NodeClaim', name: 'nc', code: 'UnsupportedKind', message: expect.stringMatching(/created by Karpenter/) },
    ]);
  });

  test('should report documents that are not objects, have no name, or are not YAML', () => {
    expect(migrateManifests(['a string']).errors).toEqual([expect.objectContaining({ document: 0, code: 'NotAnObject' })]);
    expect(migrateManifests([{ apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool', spec: {} }]).errors).toEqual([
      expect.objectContaining({ code: 'MissingName' }),
    ]);
    const r = migrateManifests(
      'a: [1\n---\napiVersion: karpenter.sh/v1beta1\nkind: NodePool\nmetadata: {name: ok}\n' +
        'spec: {template: {spec: {nodeClassRef: {name: default}, requirements: []}}}\n---\n',
    );
    expect(r.errors).toEqual([expect.objectContaining({ document: 0, code: 'YamlSyntaxError' })]);
    expect(r.reports.map((x) => x.document)).toEqual([1]);
  });
});

describe('migrateManifests: nothing is dropped silently (unknown fields, wrongly typed fields)', () => {
  const v1beta1Pool = (templateSpec: string) =>
    [
      'apiVersion: karpenter.sh/v1beta1',
      'kind: NodePool',
      'metadata:',
      '  name: app',
      'spec:',
      '  limits: { cpu: "100" }',
      '  template:',
      '    spec:',
      '      nodeClassRef:',
      '        name: default',
      templateSpec,
    ].join('\n');

  test('a mis-indented requirements block (an object, not a list) is an error, not an empty list', () => {
    const r = migrateManifests(
      v1beta1Pool(['      requirements:', '        key: karpenter.sh/capacity-type', '        operator: In', '        values: [spot]'].join('\n')),
    );
    expect(r.errors).toEqual([
      {
        document: 0,
        kind: 'NodePool',
        name: 'app',
        field: 'spec.template.spec.requirements',
        code: 'InvalidFieldType',
        message: expect.stringMatching(
          /^must be a list, got a plain object \{"key":"karpenter.sh\/capacity-type".*: check its indentation \(list items start with "- "/,
        ),
      },
    ]);
    // Carried over as it was, so v1 validation flags it too; never replaced by [].
    const out = manifest(r, 'NodePool', 'app');
    expect(out.spec.template.spec.requirements).toEqual({ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] });
    expect(errorsOfOutput(r)).toEqual([expect.stringMatching(/^NodePool\/app spec.template.spec.requirements: must be a list/)]);
    expect(changes(r, 0).filter((c) => c.field === 'spec.template.spec.requirements')).toEqual([]);
  });

  test('an empty requirements key (its items indented elsewhere) is an error too', () => {
    const r = migrateManifests(v1beta1Pool('      requirements:'));
    expect(r.errors.map((e) => [e.field, e.code, e.message.replace(/:.*/, '')])).toEqual([
      ['spec.template.spec.requirements', 'InvalidFieldType', 'must be a list, got null'],
    ]);
  });

  test('a Provisioner whose limits or requirements are not of their type is an error', () => {
    const r = migrateManifests([
      {
        apiVersion: 'karpenter.sh/v1alpha5',
        kind: 'Provisioner',
        metadata: { name: 'p' },
        spec: { providerRef: { name: 'default' }, requirements: 'spot', limits: ['cpu'] },
      },
    ]);
    expect(r.errors.map((e) => `${e.field} ${e.code}`)).toEqual(['spec.requirements InvalidFieldType', 'spec.limits InvalidFieldType']);
  });

  test('template annotations or labels that are not a map are an error, carried over as they were', () => {
    const r = migrateManifests([
      nodePool('a', { ...poolSpec(), template: { metadata: { annotations: ['a'], labels: 'x' }, spec: poolSpec().template.spec } }),
    ]);
    expect(r.errors.map((e) => `${e.field} ${e.code}`)).toEqual([
      'spec.template.metadata.labels InvalidFieldType',
      'spec.template.metadata.annotations InvalidFieldType',
    ]);
    expect(manifest(r, 'NodePool', 'a').spec.template.metadata).toEqual({ labels: 'x', annotations: ['a'] });
  });

  test('a typo in a field name is carried into v1 and reported as a warning, and v1 validation reports it', () => {
    const r = migrateManifests(v1beta1Pool(['      requirements: []', '      expireAftr: 24h'].join('\n')));
    expect(r.errors).toEqual([]);
    const out = manifest(r, 'NodePool', 'app');
    expect(out.spec.template.spec).toEqual({ nodeClassRef: NODE_CLASS_REF, requirements: [], expireAftr: '24h' });
    expect(changes(r, 0)).toContainEqual({
      field: 'spec.template.spec.expireAftr',
      from: '24h',
      to: '24h',
      note: expect.stringMatching(/^unknown field carried over as it was.*Check its spelling and indentation/),
      severity: 'warning',
    });
    expect(errorsOfOutput(r)).toEqual([expect.stringMatching(/^NodePool\/app spec.template.spec.expireAftr: is not a field of this object/)]);
  });

  test('unknown fields are carried at every level: template, disruption, metadata, node class specs, Provisioner spec and limits', () => {
    const r = migrateManifests([
      nodePool(
        'a',
        { ...poolSpec({ disruption: { consolidationPolicy: 'WhenEmpty', budget: [] } }), template: { spec: poolSpec().template.spec, metdata: {} } },
        { metadata: { name: 'a', lables: { x: 'y' } } },
      ),
      nodeClass('default', classSpec({ userdata: 'x' })),
      {
        apiVersion: 'karpenter.sh/v1alpha5',
        kind: 'Provisioner',
        metadata: { name: 'p' },
        spec: { providerRef: { name: 'default' }, ttlSecondsUntilExpird: 60, limits: { resources: { cpu: 10 }, cpus: 5 } },
      },
      {
        apiVersion: 'karpenter.k8s.aws/v1alpha1',
        kind: 'AWSNodeTemplate',
        metadata: { name: 't' },
        spec: { instanceProfile: 'ip', subnetSelecter: { a: 'b' } },
      },
    ]);
    const warnings = r.reports.flatMap((x) =>
      x.changes.filter((c) => c.severity === 'warning').map((c) => `${x.kind}/${x.name} ${c.source ?? c.field} -> ${c.field}`),
    );
    expect(warnings).toEqual([
      'NodePool/a metadata.lables -> metadata.lables',
      'NodePool/a spec.template.metdata -> spec.template.metdata',
      'NodePool/a spec.disruption.budget -> spec.disruption.budget',
      'EC2NodeClass/default spec.userdata -> spec.userdata',
      'Provisioner/p spec.limits.cpus -> spec.limits.cpus',
      'Provisioner/p spec.ttlSecondsUntilExpird -> spec.ttlSecondsUntilExpird',
      'AWSNodeTemplate/t spec.subnetSelecter -> spec.subnetSelecter',
    ]);
    expect(manifest(r, 'NodePool', 'a').spec.disruption).toEqual({ consolidationPolicy: 'WhenEmpty', consolidateAfter: '0s', budget: [] });
    expect(manifest(r, 'NodePool', 'p').spec.limits).toEqual({ cpu: 10, cpus: 5 });
    expect(manifest(r, 'EC2NodeClass', 't').spec.subnetSelecter).toEqual({ a: 'b' });
  });

  test('the CLI exits non-zero on a mis-indented requirements block', () => {
    const text = v1beta1Pool(['      requirements:', '        key: karpenter.sh/capacity-type', '        operator: Exists'].join('\n'));
    const { code, stdout } = runOnStdin(['validate', '--migrate', '-'], text);
    expect(code).toBe(ExitCode.PROBLEMS);
    expect(stdout).toMatch(/^-#0: error .*spec\.template\.spec\.requirements: must be a list, got a plain object \{.*\(InvalidFieldType\)$/m);
  });
});
