import { DataAwsPartition } from '@cdktf/provider-aws/lib/data-aws-partition';
import { IamRole } from '@cdktf/provider-aws/lib/iam-role';
import { Construct } from 'constructs';
import { addressOf, dataOf, dataRef, newStack, onlyResource, refOf, resourceAt, resourceRef, resourcesOf, synthOf, tokenString } from './stacks';

describe('test stack utility', () => {
  test('should read resources through the shipped SynthesizedStack, sorted by address', () => {
    const stack = newStack();
    new IamRole(stack, 'B', { name: 'b', assumeRolePolicy: '{}' });
    new IamRole(new Construct(stack, 'Group'), 'A', { name: 'a', assumeRolePolicy: '{}' });
    expect(stack.node.id).toBe('test');
    expect(resourcesOf(stack, 'aws_iam_role').map((r) => r.name)).toEqual(['b', 'a']);
    expect(resourceAt(stack, 'Group/A').attributes.name).toBe('a');
    expect(resourceAt(stack, 'B').attributes.name).toBe('b');
    expect(resourcesOf(stack, 'aws_sqs_queue')).toEqual([]);
  });

  test('should fail clearly unless exactly one resource matches', () => {
    const stack = newStack();
    expect(() => onlyResource(stack, 'aws_iam_role')).toThrow('expected exactly one resource of type aws_iam_role, found 0');
    new IamRole(stack, 'A', { assumeRolePolicy: '{}' });
    expect(onlyResource(stack, 'aws_iam_role').assume_role_policy).toBe('{}');
    new IamRole(stack, 'B', { assumeRolePolicy: '{}' });
    expect(() => onlyResource(stack, 'aws_iam_role')).toThrow(/found 2: aws_iam_role\.A, aws_iam_role\.B/);
    expect(() => resourceRef(stack, 'aws_iam_role', 'arn')).toThrow('expected exactly one resource of type aws_iam_role in the stack, found 2');
    expect(() => resourceAt(stack, 'C')).toThrow('found 0');
  });

  test('should spell references the way the synthesized JSON does', () => {
    const stack = newStack();
    const role = new IamRole(stack, 'Role', { assumeRolePolicy: '{}' });
    role.overrideLogicalId('fixed_role');
    const partition = new DataAwsPartition(new Construct(stack, 'Context'), 'Partition');
    new IamRole(stack, 'User', { assumeRolePolicy: '{}', description: role.arn, name: partition.partition });
    const user = resourceAt(stack, 'User').attributes;
    expect(refOf(role, 'arn')).toBe('${aws_iam_role.fixed_role.arn}');
    expect(user.description).toBe(refOf(role, 'arn'));
    expect(tokenString(stack, role.arn)).toBe('${aws_iam_role.fixed_role.arn}');
    expect(user.name).toBe(dataRef(stack, 'aws_partition', 'partition'));
    expect(dataRef(stack, 'aws_partition', 'partition')).toMatch(/^\$\{data\.aws_partition\.Context_Partition_[0-9A-F]{8}\.partition\}$/);
    expect(addressOf(role)).toBe('aws_iam_role.fixed_role');
    expect(Object.keys(dataOf(stack, 'aws_partition')).map((id) => `data.aws_partition.${id}`)).toEqual([addressOf(partition)]);
  });

  test('should run validations only when asked', () => {
    const stack = newStack();
    stack.node.addValidation({ validate: () => ['broken'] });
    expect(() => synthOf(stack)).not.toThrow();
    expect(() => synthOf(stack, { validate: true })).toThrow(/broken/);
  });
});
