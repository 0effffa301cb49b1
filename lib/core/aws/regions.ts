import { builderError, IssueCollector, ValidationIssue, withIssues } from '../issues';
import { suggestOne } from '../shared/suggest';

/** A region of one of the AWS partitions this library knows. */
export interface AwsRegionInfo {
  /** The partition, e.g. `aws-cn`. */
  readonly partition: string;
  /**
   * Availability zone names (the account's letters) a new account can use, where they are fewer
   * than three; undefined where three or more are usable (`availabilityZonesOf` gives `a`-`c`).
   */
  readonly usableZones?: readonly string[];
}

/**
 * Every region of the aws, aws-cn, aws-us-gov and aws-iso* partitions (the partitions of
 * `dnsSuffixOf`), from the partitions file of the AWS SDKs (aws-sdk-js-v3
 * `packages/util-endpoints/src/lib/aws/partitions.json`, which lists the same regions as botocore's
 * `endpoints.json`), as of late 2025: the newest are ap-east-2 (Taipei) and ap-southeast-6 (New Zealand).
 * The aws-eusc partition (European Sovereign Cloud) is not supported. Update the table when AWS
 * opens a region; a region missing here fails synth with `InvalidRegion`.
 *
 * Zones ("Regions and Availability Zones", AWS documentation): every commercial region gives new
 * accounts three or more zones except us-west-1, which has two (usw1-az1 and usw1-az3; usw1-az2
 * takes no new accounts). Zone letters are mapped per account, and accounts see those two as
 * us-west-1a and us-west-1c or as us-west-1b and us-west-1c; `availabilityZonesOf` gives `a` and
 * `c`, so check `aws ec2 describe-availability-zones --region us-west-1` and pass your two if they
 * differ. Zone counts of the isolated (aws-iso*) regions are not published; the table assumes three.
 */
export const AWS_REGIONS: { readonly [region: string]: AwsRegionInfo } = {
  ...regionsOf('aws', [
    'af-south-1',
    'ap-east-1',
    'ap-east-2',
    'ap-northeast-1',
    'ap-northeast-2',
    'ap-northeast-3',
    'ap-south-1',
    'ap-south-2',
    'ap-southeast-1',
    'ap-southeast-2',
    'ap-southeast-3',
    'ap-southeast-4',
    'ap-southeast-5',
    'ap-southeast-6',
    'ap-southeast-7',
    'ca-central-1',
    'ca-west-1',
    'eu-central-1',
    'eu-central-2',
    'eu-north-1',
    'eu-south-1',
    'eu-south-2',
    'eu-west-1',
    'eu-west-2',
    'eu-west-3',
    'il-central-1',
    'me-central-1',
    'me-south-1',
    'mx-central-1',
    'sa-east-1',
    'us-east-1',
    'us-east-2',
    'us-west-1',
    'us-west-2',
  ]),
  'us-west-1': { partition: 'aws', usableZones: ['us-west-1a', 'us-west-1c'] },
  ...regionsOf('aws-cn', ['cn-north-1', 'cn-northwest-1']),
  ...regionsOf('aws-us-gov', ['us-gov-east-1', 'us-gov-west-1']),
  ...regionsOf('aws-iso', ['us-iso-east-1', 'us-iso-west-1']),
  ...regionsOf('aws-iso-b', ['us-isob-east-1', 'us-isob-west-1']),
  ...regionsOf('aws-iso-e', ['eu-isoe-west-1']),
  ...regionsOf('aws-iso-f', ['us-isof-east-1', 'us-isof-south-1']),
};

function regionsOf(partition: string, regions: readonly string[]): { [region: string]: AwsRegionInfo } {
  return Object.fromEntries(regions.map((r) => [r, { partition }]));
}

/** Zones `availabilityZonesOf` gives where a region has three or more. */
const DEFAULT_ZONE_COUNT = 3;

/** Whether `region` is a region of the table {@link AWS_REGIONS}. */
export function isKnownRegion(region: string): boolean {
  return Object.prototype.hasOwnProperty.call(AWS_REGIONS, region);
}

/**
 * The known region `region` was most likely meant to be: the same in lower case, or the one
 * closest (`suggestOne`: one it extends, else by edit distance; at most 2 edits); undefined when none is that close, or several are.
 */
export function suggestRegion(region: string): string | undefined {
  const folded = region.trim().toLowerCase();
  if (isKnownRegion(folded)) return folded;
  // A tie (ap-southeast-8: 1 to 7 alike) is no guess.
  return suggestOne(folded, Object.keys(AWS_REGIONS), { maxDistance: 2 });
}

/**
 * Why `region` is not a known region, with the fix; undefined when it is known.
 * @param source what holds the region when the field itself does not, e.g. "the stack's AwsProvider, whose region"
 */
export function unknownRegionMessage(region: string, source?: string): string | undefined {
  if (isKnownRegion(region)) return undefined;
  const suggestion = suggestRegion(region);
  const partitions = 'no region of the aws, aws-cn, aws-us-gov or aws-iso* partitions';
  const head = source
    ? `${source}, '${region}', is ${partitions}.`
    : `must be an AWS region code such as 'eu-west-1'; got '${region}', which is ${partitions}.`;
  const fix = suggestion
    ? `Did you mean '${suggestion}'?`
    : 'Check the spelling against `aws ec2 describe-regions` (AWS_REGIONS lists the known ones).';
  return `${head} ${fix}`;
}

/**
 * Checks an AWS region code against {@link AWS_REGIONS}. Tokens are skipped.
 * @param source what holds the region when the field itself does not, e.g. "the stack's AwsProvider, whose region"
 */
export function validateRegion(issues: IssueCollector, field: string, region: string, source?: string): void {
  if (issues.isUnresolved(region)) return;
  const message = unknownRegionMessage(region, source);
  if (message !== undefined) issues.error(field, 'InvalidRegion', message);
}

/**
 * Availability zone names of a region: `<region>a`, `<region>b`, ... for the first `count`
 * letters, or the usable zones where a region has fewer than three (us-west-1: `us-west-1a` and
 * `us-west-1c`). A convenience: letters are mapped per account and may differ in yours; check
 * `aws ec2 describe-availability-zones` when unsure. Never throws: for a region that is not in
 * {@link AWS_REGIONS}, or more zones than it has, the list carries the error (code `InvalidRegion`
 * or `TooFewZonesInRegion`), reported by the construct it is given to (`KarpenterNetwork`), and is
 * empty or holds the usable zones. A region with a Terraform reference in it is not checked.
 */
export function availabilityZonesOf(region: string, count?: number): string[] {
  if (region.includes('${')) return letters(region, count ?? DEFAULT_ZONE_COUNT);
  const message = unknownRegionMessage(region);
  if (message !== undefined) return withIssues([], [builderError(`availabilityZonesOf('${region}')`, 'InvalidRegion', message)]);
  const usable = AWS_REGIONS[region].usableZones;
  if (usable === undefined) return letters(region, count ?? DEFAULT_ZONE_COUNT);
  const zones = usable.slice(0, count ?? usable.length);
  if (count === undefined || count <= usable.length) return zones;
  const issue: ValidationIssue = builderError(
    `availabilityZonesOf('${region}', ${count})`,
    'TooFewZonesInRegion',
    `${region} has ${usable.length} availability zones a new account can use (${usable.join(', ')}), not ${count}. ` +
      `Ask for at most ${usable.length}, or pick another region.`,
  );
  return withIssues(zones, [issue]);
}

function letters(region: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${region}${String.fromCharCode(97 + i)}`);
}
