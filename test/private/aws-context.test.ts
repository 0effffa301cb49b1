import { DataAwsRegion } from '@cdktf/provider-aws/lib/data-aws-region';
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { TerraformVariable } from 'cdktf';
import { awsContext, providerDefaultTags } from '../../lib/private/aws-context';
import { dataOf, dataRef, newStack, tokenString } from '../util/stacks';

describe('awsContext', () => {
  test('should take the region from the default provider when it is a plain string, reading no aws_region', () => {
    const stack = newStack();
    new AwsProvider(stack, 'aws', { region: 'eu-west-1' });
    new AwsProvider(stack, 'us', { region: 'us-east-1', alias: 'us' });
    expect(awsContext(stack).region).toBe('eu-west-1');
    expect(dataOf(stack, 'aws_region')).toEqual({});
  });

  test('should read aws_region when the region is not known at synth: no provider, or a variable', () => {
    const bare = newStack();
    expect(tokenString(bare, awsContext(bare).region)).toBe(dataRef(bare, 'aws_region', 'name'));

    const variable = newStack();
    new AwsProvider(variable, 'aws', { region: new TerraformVariable(variable, 'region', { type: 'string' }).stringValue });
    expect(tokenString(variable, awsContext(variable).region)).toBe(dataRef(variable, 'aws_region', 'name'));
  });

  test('should read `region`, not the deprecated `name`, when the installed provider has it (hashicorp/aws 6)', () => {
    // @cdktf/provider-aws 21 adds `region` to DataAwsRegion; the consumer test checks the real 21.x.
    Object.defineProperty(DataAwsRegion.prototype, 'region', { get: () => 'unused', configurable: true });
    try {
      const stack = newStack();
      expect(tokenString(stack, awsContext(stack).region)).toBe(dataRef(stack, 'aws_region', 'region'));
    } finally {
      delete (DataAwsRegion.prototype as { region?: unknown }).region;
    }
  });
});

describe('providerDefaultTags', () => {
  test("should merge the default provider's default_tags blocks, and give {} without any", () => {
    const stack = newStack();
    expect(providerDefaultTags(stack)).toEqual({});
    new AwsProvider(stack, 'aws', { region: 'eu-west-1', defaultTags: [{ tags: { a: '1', b: '1' } }, { tags: { b: '2' } }] });
    expect(providerDefaultTags(stack)).toEqual({ a: '1', b: '2' });
  });
});
