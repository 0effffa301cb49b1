// The `karpenter-crd` chart rendered by the real Helm: the CRDs it installs must be the ones the validator is checked
// against (the conformance tier's CRDs, ../shared/karpenter-crds or KARPENTER_CRDS_DIR), schema for schema.
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { karpenterCrdsDir, skipWithoutCrds } from '../fixtures/crds-dir';
import { helmTier } from './helm-binary';
import { helmTemplate, K8sObject } from './render';

const tier = helmTier('Helm tier (karpenter-crd chart)');
const crdsDir = karpenterCrdsDir();
if (!tier.skipped && crdsDir === undefined) skipWithoutCrds('Helm tier (karpenter-crd chart vs the validator CRDs)');
const describeTier = tier.skipped || crdsDir === undefined ? describe.skip : describe;

/** The kinds the validator and the simulator read, with their CRD file. */
const VALIDATED_KINDS: readonly [string, string][] = [
  ['NodePool', 'karpenter.sh_nodepools.yaml'],
  ['NodeClaim', 'karpenter.sh_nodeclaims.yaml'],
  ['EC2NodeClass', 'karpenter.k8s.aws_ec2nodeclasses.yaml'],
  ['NodeOverlay', 'karpenter.sh_nodeoverlays.yaml'],
];

/** Each served version's name and schema, in order. */
const schemasOf = (crd: K8sObject) =>
  (crd.spec.versions as { name: string; served: boolean; storage: boolean; schema: unknown }[]).map((v) => ({
    name: v.name,
    served: v.served,
    storage: v.storage,
    schema: v.schema,
  }));

describeTier('the karpenter-crd chart', () => {
  const rendered = () =>
    helmTemplate(tier.helm!, path.join(tier.charts!, 'karpenter-crd'), 'karpenter-crd', 'kube-system', {}).all('CustomResourceDefinition');
  let crds: K8sObject[];
  beforeAll(() => {
    crds = rendered();
  });

  test.each(VALIDATED_KINDS)('%s: the rendered schema equals the one the validator is checked against', (kind, file) => {
    const chartCrd = crds.find((c) => c.spec.names.kind === kind);
    expect(chartCrd).toBeDefined();
    const ours = parseAllDocuments(fs.readFileSync(path.join(crdsDir!, file), 'utf8'))
      .map((d) => d.toJS() as K8sObject)
      .find((d) => d?.kind === 'CustomResourceDefinition')!;
    expect(chartCrd!.spec.group).toBe(ours.spec.group);
    expect(schemasOf(chartCrd!)).toEqual(schemasOf(ours));
  });

  test('it installs exactly those four and the CapacityBuffer CRD, which the library neither validates nor simulates', () => {
    const names = crds.map((c) => `${c.spec.names.kind}.${c.spec.group}`).sort();
    expect(names).toEqual([
      'CapacityBuffer.autoscaling.x-k8s.io',
      'EC2NodeClass.karpenter.k8s.aws',
      'NodeClaim.karpenter.sh',
      'NodeOverlay.karpenter.sh',
      'NodePool.karpenter.sh',
    ]);
  });

  test("the karpenter chart's crds/ folder holds the same CRDs (skip_crds leaves them to the karpenter-crd release)", () => {
    const main = helmTemplate(
      tier.helm!,
      path.join(tier.charts!, 'karpenter'),
      'karpenter',
      'kube-system',
      { settings: { clusterName: 'demo' } },
      {
        includeCrds: true,
      },
    ).all('CustomResourceDefinition');
    const byName = (list: K8sObject[]) => Object.fromEntries(list.map((c) => [c.metadata.name, schemasOf(c)]));
    expect(byName(main)).toEqual(byName(crds));
  });
});
