// The one place tests build a stack and read its synthesized Terraform JSON. It reads through
// the shipped SynthesizedStack, and spells references from the construct tree, so no test
// writes a hashed logical id such as `NodeRole_<8 hex digits>`.
import { AwsProvider } from '@cdktf/provider-aws/lib/provider';
import { DefaultTokenResolver, StringConcat, TerraformDataSource, TerraformResource, TerraformStack, Testing, Tokenization } from 'cdktf';
import { SynthesizedResource, SynthesizedStack } from '../../lib/testing/synth';

/** A synthesized resource block whose attributes tests read freely. */
export type ResourceBlock = Omit<SynthesizedResource, 'attributes'> & { readonly attributes: Record<string, any> };

/** A stack that is read as a stack, or the same stack already synthesized. */
export type Synthesizable = TerraformStack | SynthesizedStack;

/** An empty stack on a `Testing.app()`. */
export function newStack(id = 'test'): TerraformStack {
  return new TerraformStack(Testing.app(), id);
}

/** `newStack(id)` with an AWS provider for us-east-1, for constructs that read the provider's region. */
export function newAwsStack(id = 'test'): TerraformStack {
  const stack = newStack(id);
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  return stack;
}

/** Options for `synthOf`. */
export interface SynthOfOptions {
  /**
   * Run the `node.addValidation` checks, as `cdktf synth` does.
   * @default false, as `Testing.synth(stack)`
   */
  readonly validate?: boolean;
}

/** The synthesized stack, read through the shipped `SynthesizedStack`. */
export function synthOf(stack: Synthesizable, options: SynthOfOptions = {}): SynthesizedStack {
  if (stack instanceof SynthesizedStack) return stack;
  return SynthesizedStack.of(stack, { runValidations: options.validate ?? false });
}

/** The whole synthesized Terraform JSON (providers, data, outputs, ...), for reading freely. */
export function jsonOf(stack: Synthesizable): any {
  return synthOf(stack).json;
}

/** The synthesized JSON of each stack, by stack id (`synthOf` options apply to every stack). */
export function jsonByStack(stacks: TerraformStack[], options: SynthOfOptions = {}): Record<string, any> {
  return Object.fromEntries(stacks.map((s) => [s.node.id, synthOf(s, options).json]));
}

/** The attributes of every `type` resource, sorted by address. */
export function resourcesOf(stack: Synthesizable, type: string): Record<string, any>[] {
  return synthOf(stack)
    .resources(type)
    .map((r) => r.attributes);
}

/** The Kubernetes manifests of the stack (NodePools, EC2NodeClasses, ...) by `metadata.name`, e.g. `manifestsByName(stack)['web-spot']`. */
export function manifestsByName(stack: Synthesizable): Record<string, any> {
  return Object.fromEntries(
    synthOf(stack)
      .manifests()
      .map((m) => [m.name, m.manifest]),
  );
}

/** The one `type` resource block (address, logical id, attributes); fails when there is none or more than one. */
export function onlyResourceBlock(stack: Synthesizable, type: string): ResourceBlock {
  return onlyBlock(synthOf(stack).resources(type), `resource of type ${type}`);
}

/** The attributes of the one `type` resource; fails when there is none or more than one. */
export function onlyResource(stack: Synthesizable, type: string): Record<string, any> {
  return onlyResourceBlock(stack, type).attributes;
}

/** The `type` resource blocks as `{ logicalId: attributes }`, in the order the stack created them. */
export function resourceBlocksOf(stack: Synthesizable, type: string): Record<string, Record<string, any>> {
  return blocks(synthOf(stack), 'resource', type);
}

/** The one resource whose construct path ends with `pathSuffix` (e.g. `NodeRole/Role`). */
export function resourceAt(stack: Synthesizable, pathSuffix: string): ResourceBlock {
  const matches = synthOf(stack)
    .resources()
    .filter((r) => r.constructPath !== undefined && (r.constructPath === pathSuffix || r.constructPath.endsWith(`/${pathSuffix}`)));
  return onlyBlock(matches, `resource at a construct path ending with ${pathSuffix}`);
}

/** The data blocks of `type` (e.g. `aws_partition`), as `{ logicalId: attributes }`. */
export function dataOf(stack: Synthesizable, type: string): Record<string, Record<string, any>> {
  return blocks(synthOf(stack), 'data', type);
}

function blocks(synth: SynthesizedStack, kind: 'resource' | 'data', type: string): Record<string, Record<string, any>> {
  const byType = synth.json[kind] as Record<string, Record<string, Record<string, any>>> | undefined;
  return byType?.[type] ?? {};
}

/** `${<type>.<id>.<attr>}` (or `${data.<type>.<id>.<attr>}`) for `construct`, as Terraform reads it. */
export function refOf(construct: TerraformResource | TerraformDataSource, attr: string): string {
  return tokenString(TerraformStack.of(construct), construct.interpolationForAttribute(attr));
}

/** A token (e.g. `role.roleArn`) as the string it synthesizes to, e.g. `${aws_iam_role.x.arn}`. */
export function tokenString(stack: TerraformStack, token: unknown): string {
  const resolved = Tokenization.resolve(token, { scope: stack, preparing: false, resolver: new DefaultTokenResolver(new StringConcat()) });
  if (typeof resolved !== 'string') throw new Error(`expected the token to resolve to a string, got ${JSON.stringify(resolved)}`);
  return resolved;
}

/** `${<type>.<id>.<attr>}` of the one resource of `type` in the stack. */
export function resourceRef(stack: TerraformStack, type: string, attr: string): string {
  const all = stack.node.findAll().filter((c): c is TerraformResource => TerraformResource.isTerraformResource(c) && !isDataSource(c));
  return refOf(onlyConstruct(all, type, 'resource'), attr);
}

/** `${data.<type>.<id>.<attr>}` of the one data source of `type`, e.g. `dataRef(stack, 'aws_partition', 'partition')`. */
export function dataRef(stack: TerraformStack, type: string, attr: string): string {
  return refOf(onlyDataSource(stack, type), attr);
}

/** `data.<type>.<id>` of the one data source of `type`. */
export function dataAddress(stack: TerraformStack, type: string): string {
  return addressOf(onlyDataSource(stack, type));
}

function onlyDataSource(stack: TerraformStack, type: string): TerraformDataSource {
  const all = stack.node.findAll().filter((c): c is TerraformDataSource => c instanceof TerraformDataSource);
  return onlyConstruct(all, type, 'data source');
}

/** `<type>.<id>` (or `data.<type>.<id>`) of `construct`, as in a Terraform plan or `depends_on`. */
export function addressOf(construct: TerraformResource | TerraformDataSource): string {
  const address = `${construct.terraformResourceType}.${construct.friendlyUniqueId}`;
  return isDataSource(construct) ? `data.${address}` : address;
}

function isDataSource(c: unknown): boolean {
  return c instanceof TerraformDataSource;
}

function onlyConstruct<T extends TerraformResource | TerraformDataSource>(all: T[], type: string, kind: string): T {
  const found = all.filter((c) => c.terraformResourceType === type);
  if (found.length !== 1) {
    const paths = found.map((c) => c.node.path).join(', ');
    throw new Error(`expected exactly one ${kind} of type ${type} in the stack, found ${found.length}${paths ? `: ${paths}` : ''}`);
  }
  return found[0];
}

function onlyBlock(found: SynthesizedResource[], what: string): SynthesizedResource {
  if (found.length !== 1) {
    const addresses = found.map((r) => r.address).join(', ');
    throw new Error(`expected exactly one ${what}, found ${found.length}${addresses ? `: ${addresses}` : ''}`);
  }
  return found[0];
}
