// docs/simulator.md's "What can a pool cost": its figures are what the library computes.
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { TerraformStack, Testing } from 'cdktf';
import { AmiFamilyAlias } from '../lib/core/api/ec2-node-class-definition';
import { AmiSelectorTerm, SecurityGroupSelectorTerm, SubnetSelectorTerm } from '../lib/core/model/selector-terms';
import { Quantity } from '../lib/core/model/quantity-builder';
import { Requirement } from '../lib/core/model/requirement-builder';
import { priceAssumptions } from '../lib/core/sim/pricing';
import { Ec2NodeClass } from '../lib/manifests/ec2-node-class';
import { KarpenterNodePool } from '../lib/manifests/karpenter-node-pool';
import { docBlock, readDoc } from './doc-blocks';
import { warningsOf } from './util/warnings';

const simulatorDoc = 'docs/simulator.md';
const section = readDoc(simulatorDoc).split('\n## What can a pool cost\n')[1];

test('the worked example is the line explain prints for the general pool', () => {
  // explain wraps the entry at 150 columns; its continuation lines are indented.
  const lines = docBlock(simulatorDoc, 'explain output').split('\n');
  const start = lines.findIndex((l) => l.startsWith('  - general: at most'));
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => !l.startsWith('    '));
  const printed = [lines[start].slice(4), ...rest.slice(0, end).map((l) => l.trim())].join(' ');
  expect(section).toContain('```text\n' + printed + '\n```');
  // The arithmetic the section spells out: 18.53864 / 96 = 0.193111; × 1000 = 193.11
  expect(printed).toContain('1000 vCPU × $0.193111 per vCPU-hour of r8gb.metal-24xl');
  expect(section).toContain('r8gb.metal-24xl costs $18.53864/h for 96 vCPUs, $0.193111 per vCPU-hour, and 1000 × 0.193111 = $193.11');
});

test('the budget warning is what synth reports for the budget snippet', () => {
  const snippet = docBlock(simulatorDoc, 'budget');
  for (const part of [
    "Requirement.instanceCategories('c', 'm', 'r'), Requirement.instanceGeneration.greaterThan(5)",
    'cpu: Quantity.cpu(1000)',
    'maxHourlyCost: 150',
  ]) {
    expect(snippet).toContain(part);
  }
  const stack = new TerraformStack(Testing.app(), 'ml');
  new KubernetesProvider(stack, 'k8s', {});
  const nodeClass = new Ec2NodeClass(stack, 'Default', {
    name: 'default',
    role: 'KarpenterNodeRole-prod',
    amiSelectorTerms: [AmiSelectorTerm.alias(AmiFamilyAlias.AL2023, 'latest')],
    subnetSelectorTerms: [SubnetSelectorTerm.discovery('prod')],
    securityGroupSelectorTerms: [SecurityGroupSelectorTerm.discovery('prod')],
  });
  const pool = new KarpenterNodePool(stack, 'General', {
    name: 'general',
    nodeClass,
    requirements: [Requirement.instanceCategories('c', 'm', 'r'), Requirement.instanceGeneration.greaterThan(5)],
    limits: { cpu: Quantity.cpu(1000) },
    maxHourlyCost: 150,
  });
  expect(warningsOf(pool)).toEqual([docBlock(simulatorDoc, 'budget warning').trimEnd()]);
});

test('the explain output lists every price assumption', () => {
  const output = docBlock(simulatorDoc, 'explain output');
  for (const a of priceAssumptions(undefined, new Date('2026-12-03T00:00:00Z'))) expect(output).toContain(`  - ${a}\n`);
});
