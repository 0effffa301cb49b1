// karpenter.k8s.aws/v1alpha1 AWSNodeTemplate (up to Karpenter 0.31), and a v1alpha5 Provisioner's
// inline `provider`, to a v1 EC2NodeClass. Source: karpenter.sh v1beta1-migration guide (v0.32).
import { cloneJson } from '../json';
import { ec2NodeClassShell, nodeClassSpec } from './node-class';
import { envelope, recorder, shaped } from './converter-common';
import { MigrationRun, Obj, Rec, Source } from './migration-types';
import { list, take } from './util';

export function awsNodeTemplate(run: MigrationRun, index: number, doc: Obj, name: string): void {
  const manifest = ec2NodeClassShell(name);
  const out = run.push(index, doc, name, manifest);
  const rec = recorder(out);
  envelope(doc, manifest, rec);
  const src: Source = { run, index, kind: 'AWSNodeTemplate', name };
  manifest.spec = alphaTemplateSpec(src, cloneJson(shaped(src, 'spec', doc.spec, 'object') ?? {}), rec, 'spec');
}

/** AWSNodeTemplate spec (or a Provisioner's inline provider) to a v1 EC2NodeClass spec. */
export function alphaTemplateSpec(src: Source, spec: Obj, rec: Rec, at: string): Obj {
  const { run, index, kind, name } = src;
  const fail = (code: string, field: string, message: string) => run.fail({ document: index, kind, name, field, code, message });
  for (const [from, to] of [
    ['subnetSelector', 'subnetSelectorTerms'],
    ['securityGroupSelector', 'securityGroupSelectorTerms'],
  ] as const) {
    const selector = shaped(src, `${at}.${from}`, take(spec, from), 'object');
    if (selector !== undefined) {
      spec[to] = selectorTerms(selector);
      rec(
        `spec.${to}`,
        selector,
        spec[to],
        `${from} (a tag map; aws::ids a comma-separated id list) became ${to}${commaNote(selector)}`,
        `${at}.${from}`,
      );
    }
  }
  const amiSelector = shaped(src, `${at}.amiSelector`, take(spec, 'amiSelector'), 'object');
  const amiTerms = amiSelector === undefined ? undefined : amiSelectorTerms(amiSelector);
  if (amiSelector !== undefined) {
    rec(
      'spec.amiSelectorTerms',
      amiSelector,
      amiTerms,
      'amiSelector became amiSelectorTerms (aws::ids to id terms, aws::name x aws::owners to name/owner terms, ' +
        `other keys to tags)${commaNote(amiSelector)}`,
      `${at}.amiSelector`,
    );
  }
  if (spec.amiFamily === undefined) {
    spec.amiFamily = 'AL2';
    rec(
      'spec.amiFamily',
      undefined,
      'AL2',
      'v1alpha1 defaulted amiFamily to AL2; set explicitly before the AMI selection is derived',
      `${at}.amiFamily`,
    );
  }
  if (spec.instanceProfile === undefined && spec.role === undefined) {
    if (run.options.role !== undefined) {
      spec.role = run.options.role;
      rec(
        'spec.role',
        undefined,
        spec.role,
        'v1alpha1 fell back to the aws.defaultInstanceProfile setting, which v1 does not have; the role given to the migration is used',
      );
    } else {
      fail(
        'MissingNodeIdentity',
        'spec.role',
        'the template sets no instanceProfile and relied on the aws.defaultInstanceProfile global setting, ' +
          'which v1 removed: set spec.role (Karpenter then manages the instance profile) or spec.instanceProfile, ' +
          'or pass `role` to migrateManifests',
      );
    }
  }
  for (const f of ['launchTemplate', 'launchTemplateName']) {
    const lt = take(spec, f);
    if (lt !== undefined) {
      rec(`${at}.${f}`, lt, undefined, 'dropped: Karpenter no longer uses unmanaged launch templates');
      fail(
        'LaunchTemplateUnsupported',
        `${at}.${f}`,
        `the template uses launch template ${JSON.stringify(lt)}, which v1beta1 and later do not support: ` +
          'move its AMI, user data, block devices and security groups into the EC2NodeClass fields',
      );
    }
  }
  return nodeClassSpec(src, spec, amiTerms, rec, at);
}

/** v1alpha1 selector map to v1 terms: `aws::ids` / `aws-ids` to id terms, the rest to one tags term. */
function selectorTerms(selector: Obj): Obj[] {
  const { ids, rest } = splitIds(selector);
  const terms: Obj[] = ids.map((id) => ({ id }));
  if (Object.keys(rest).length > 0) terms.push({ tags: rest });
  return terms;
}

function amiSelectorTerms(selector: Obj): Obj[] {
  const { ids, rest } = splitIds(selector);
  const names = list(take(rest, 'aws::name'));
  const owners = list(take(rest, 'aws::owners'));
  const terms: Obj[] = ids.map((id) => ({ id }));
  const tags = Object.keys(rest).length > 0 ? rest : undefined;
  if (names.length === 0 && owners.length === 0) {
    if (tags) terms.push({ tags });
    return terms;
  }
  for (const owner of owners.length > 0 ? owners : [undefined]) {
    for (const name of names.length > 0 ? names : [undefined]) {
      const t: Obj = {};
      if (name !== undefined) t.name = name;
      if (owner !== undefined) t.owner = owner;
      if (tags) t.tags = tags;
      terms.push(t);
    }
  }
  return terms;
}

function splitIds(selector: Obj): { ids: string[]; rest: Obj } {
  const rest: Obj = { ...selector };
  const ids = [...list(take(rest, 'aws::ids')), ...list(take(rest, 'aws-ids'))];
  return { ids, rest };
}

function commaNote(selector: Obj): string {
  const keys = Object.entries(selector).filter(([k, v]) => !k.startsWith('aws') && typeof v === 'string' && v.includes(','));
  return keys.length > 0 ? `; check tag values with commas (${keys.map(([k]) => k).join(', ')}): they are kept as one value` : '';
}
