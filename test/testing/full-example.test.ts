// The testing helpers on what the library's constructs really synthesize (the full example),
// not only on the hand-built stack of the other tests.
import '../../lib/testing/jest';
import { Testing } from 'cdktf';
import { buildFullStackApp, FullStackApp } from '../../examples/full-stack/app';
import { SynthesizedStack } from '../../lib/testing/synth';

let example: FullStackApp;
beforeAll(() => {
  example = buildFullStackApp(Testing.app(), { clusterName: 'demo', region: 'eu-west-1', availabilityZones: ['eu-west-1a', 'eu-west-1b'] });
});

test('should find every NodePool and EC2NodeClass with its construct path', () => {
  const synth = SynthesizedStack.of(example.nodePools);

  expect(
    synth
      .nodePools()
      .map((p) => p.name)
      .sort(),
  ).toEqual(expect.arrayContaining(['app', 'batch', 'reserved']));
  expect(
    synth
      .ec2NodeClasses()
      .map((c) => c.name)
      .sort(),
  ).toEqual(['default', 'reserved']);
  expect(synth.nodePools().find((p) => p.name === 'app')?.constructPath).toBe('karpenter-node-pools/AppPool/Resource');
});

test('should match NodePools and EC2NodeClasses by partial spec', () => {
  expect(example.nodePools).toHaveNodePool({
    name: 'batch',
    spec: {
      weight: 90,
      template: { spec: { taints: [{ key: 'role', value: 'batch', effect: 'NoSchedule' }], nodeClassRef: { name: 'default' } } },
    },
  });
  expect(example.nodePools).toHaveEc2NodeClass({
    name: 'reserved',
    spec: { capacityReservationSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }] },
  });
  expect(example.nodePools).not.toHaveNodePool({ name: 'batch', spec: { weight: 10 } });
});

test('should read the controller values, with Terraform references as strings', () => {
  const release = SynthesizedStack.of(example.controller).helmRelease('karpenter');

  expect(release?.unparsedValues).toEqual([]);
  expect(example.controller).toHaveHelmValues(
    { settings: { clusterName: 'demo', interruptionQueue: expect.any(String) } },
    { releaseName: 'karpenter' },
  );
});

test('should name the closest NodePool when none matches', () => {
  expect(() => expect(example.nodePools).toHaveNodePool({ name: 'batch', spec: { weight: 91 } })).toThrow(
    /Closest: NodePool "batch" at karpenter-node-pools\/BatchPool\/Resource \(kubernetes_manifest\.\w+\) differs in 1 place:\n {2}spec\.weight: expected 91, received 90/,
  );
});
