import { dnsSuffixOf } from '../../../lib/core/aws/aws-partition';
import { carriedIssues, IssueCollector } from '../../../lib/core/issues';
import { planKarpenterNetwork } from '../../../lib/core/aws/network-plan';
import { availabilityZonesOf, AWS_REGIONS, isKnownRegion, suggestRegion, validateRegion } from '../../../lib/core/aws/regions';

function regionIssues(region: string): string[] {
  const issues = new IssueCollector({ isUnresolved: (v) => String(v).includes('${') });
  validateRegion(issues, 'region', region);
  return issues.issues.map((i) => `${i.field} ${i.code}: ${i.message}`);
}

describe('AWS_REGIONS', () => {
  test('should hold the regions of every partition the library knows, and each partition has a DNS suffix', () => {
    for (const region of ['eu-west-1', 'us-east-1', 'ap-southeast-6', 'mx-central-1', 'cn-northwest-1', 'us-gov-west-1', 'us-isob-east-1']) {
      expect(isKnownRegion(region)).toBe(true);
    }
    const partitions = new Set(Object.values(AWS_REGIONS).map((r) => r.partition));
    expect([...partitions].sort()).toEqual(['aws', 'aws-cn', 'aws-iso', 'aws-iso-b', 'aws-iso-e', 'aws-iso-f', 'aws-us-gov']);
    for (const p of partitions) expect(dnsSuffixOf(p)).toMatch(/\./);
    expect(Object.keys(AWS_REGIONS)).toHaveLength(45);
  });

  test('should know us-west-1 as the region with two usable zones, and no other commercial one', () => {
    const fewer = Object.entries(AWS_REGIONS).filter(([, r]) => r.usableZones !== undefined);
    expect(fewer).toEqual([['us-west-1', { partition: 'aws', usableZones: ['us-west-1a', 'us-west-1c'] }]]);
  });

  test.each([['EU-WEST-1'], ['mars-1'], [''], ['eu-west'], ['Ireland'], ['constructor'], ['toString']])('should not know %j', (region) => {
    expect(isKnownRegion(region)).toBe(false);
  });
});

describe('suggestRegion', () => {
  test.each([
    ['eu-wset-1', 'eu-west-1'],
    ['EU-WEST-1', 'eu-west-1'],
    [' us-east-1 ', 'us-east-1'],
    ['eu-centrl-2', 'eu-central-2'],
    ['us-est-1', undefined], // us-east-1 and us-west-1 alike
    ['eu-west-4', undefined], // 1 edit from eu-west-1, -2 and -3 alike
  ])('%j -> %j', (given, expected: string | undefined) => {
    expect(suggestRegion(given)).toBe(expected);
  });

  test('should suggest nothing for a string far from every region', () => {
    expect(suggestRegion('mars-1')).toBeUndefined();
    expect(suggestRegion('Ireland')).toBeUndefined();
  });
});

describe('validateRegion', () => {
  test('should accept a known region and skip a token', () => {
    expect(regionIssues('eu-west-1')).toEqual([]);
    expect(regionIssues('${TfToken[TOKEN.1]}')).toEqual([]);
  });

  test('should reject a misspelt region and say which one was meant', () => {
    expect(regionIssues('eu-wset-1')).toEqual([
      "region InvalidRegion: must be an AWS region code such as 'eu-west-1'; got 'eu-wset-1', which is no region of the aws, aws-cn, " +
        "aws-us-gov or aws-iso* partitions. Did you mean 'eu-west-1'?",
    ]);
    expect(regionIssues('EU-WEST-1')).toEqual([expect.stringMatching(/got 'EU-WEST-1'.*Did you mean 'eu-west-1'\?$/)]);
  });

  test('should reject an unknown region without a guess', () => {
    expect(regionIssues('mars-1')).toEqual([expect.stringMatching(/got 'mars-1'.*Check the spelling against `aws ec2 describe-regions`/)]);
  });
});

describe('availabilityZonesOf', () => {
  test('should give a, b and c for a region with three or more zones, or as many as asked', () => {
    expect(availabilityZonesOf('eu-west-1')).toEqual(['eu-west-1a', 'eu-west-1b', 'eu-west-1c']);
    expect(availabilityZonesOf('us-west-2', 2)).toEqual(['us-west-2a', 'us-west-2b']);
    expect(availabilityZonesOf('us-east-1', 6)).toHaveLength(6);
    expect(carriedIssues(availabilityZonesOf('eu-west-1'))).toEqual([]);
  });

  test('should give the two usable zones of us-west-1', () => {
    expect(availabilityZonesOf('us-west-1')).toEqual(['us-west-1a', 'us-west-1c']);
    expect(carriedIssues(availabilityZonesOf('us-west-1'))).toEqual([]);
  });

  test('should not throw for more zones than the region has: the list carries the error', () => {
    const zones = availabilityZonesOf('us-west-1', 3);
    expect(zones).toEqual(['us-west-1a', 'us-west-1c']);
    expect(carriedIssues(zones)).toEqual([
      expect.objectContaining({
        code: 'TooFewZonesInRegion',
        message: expect.stringMatching(/^availabilityZonesOf\('us-west-1', 3\): us-west-1 has 2/),
      }),
    ]);
  });

  test.each([['eu-wset-1'], ['EU-WEST-1'], ['mars-1']])('should give no zones for %j, and carry InvalidRegion', (region) => {
    const zones = availabilityZonesOf(region);
    expect(zones).toEqual([]);
    expect(carriedIssues(zones)).toEqual([
      expect.objectContaining({
        code: 'InvalidRegion',
        message: expect.stringContaining(`availabilityZonesOf('${region}'): must be an AWS region code`),
      }),
    ]);
  });

  test('should pass a region holding a Terraform reference through unchecked', () => {
    expect(availabilityZonesOf('${var.region}')).toEqual(['${var.region}a', '${var.region}b', '${var.region}c']);
  });

  test('a network given no zones for an unknown region reports no knock-on zone count', () => {
    const plan = planKarpenterNetwork({ clusterName: 'demo', availabilityZones: availabilityZonesOf('eu-wset-1') });
    expect(plan.issues).toEqual([]); // the construct reports the carried InvalidRegion
    expect(plan.zones).toEqual([]);
  });
});
