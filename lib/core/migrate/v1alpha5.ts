// karpenter.sh/v1alpha5 Provisioner (up to Karpenter 0.31) to a v1 NodePool, plus an EC2NodeClass
// for an inline `provider`. Sources: karpenter.sh v1beta1-migration (v0.32) and v1-migration guides.
import { cloneJson } from '../json';
import { EC2NODECLASS_GROUP, EC2NODECLASS_KIND } from '../model/types';
import { ec2NodeClassShell } from './node-class';
import { forcefulExpiry, nodePoolShell, requirements, templateMetadata } from './node-pool';
import { carryRest, envelope, recorder, shaped } from './converter-common';
import { MigrationRun, Obj, Rec, Source } from './migration-types';
import { copy, isObject, take } from './util';
import { alphaTemplateSpec } from './v1alpha1';

/** Reports one field the migration cannot convert on its own. */
type Fail = (code: string, field: string, message: string) => void;

export function provisioner(run: MigrationRun, index: number, doc: Obj, name: string): void {
  const src: Source = { run, index, kind: 'Provisioner', name };
  const spec: Obj = cloneJson(shaped(src, 'spec', doc.spec, 'object') ?? {});
  const manifest = nodePoolShell(doc);
  const out = run.push(index, doc, name, manifest);
  const rec = recorder(out);
  const fail: Fail = (code, field, message) => run.fail({ document: index, kind: 'Provisioner', name, field, code, message });
  envelope(doc, manifest, rec);

  const v1Template: Obj = {};
  const meta = templateMetadata(src, { labels: take(spec, 'labels'), annotations: take(spec, 'annotations') }, rec, 'spec', 'spec.template.metadata');
  if (meta) v1Template.metadata = meta;

  const providerRef: Obj | undefined = shaped(src, 'spec.providerRef', take(spec, 'providerRef'), 'object');
  const provider: Obj | undefined = shaped(src, 'spec.provider', take(spec, 'provider'), 'object');
  const v1Spec: Obj = { nodeClassRef: nodeClassRefOf(providerRef, provider, name, rec, fail) };
  templateSchedulingAndExpiry(src, spec, rec, v1Spec);
  const kubelet = take(spec, 'kubeletConfiguration') ?? take(spec, 'kubelet');
  v1Template.spec = v1Spec;
  manifest.spec.template = v1Template;

  const consolidation = shaped(src, 'spec.consolidation', take(spec, 'consolidation'), 'object');
  manifest.spec.disruption = provisionerDisruption(take(spec, 'ttlSecondsAfterEmpty'), consolidation, rec, (m) =>
    fail('ConflictingDisruption', 'spec.consolidation', m),
  );
  provisionerLimits(src, spec, manifest.spec, rec);
  copy(spec, manifest.spec, 'weight');
  carryRest(spec, 'spec', manifest.spec, rec);

  if (provider !== undefined && providerRef === undefined) inlineProviderNodeClass(src, doc, provider);
  if (kubelet !== undefined) run.moveKubelet({ document: index, pool: out, nodeClassName: v1Spec.nodeClassRef.name, kubelet });
}

/** `nodeClassRef`: the EC2NodeClass of `providerRef`'s name, else the one made from `provider`; both or neither fail. */
function nodeClassRefOf(providerRef: Obj | undefined, provider: Obj | undefined, name: string, rec: Rec, fail: Fail): Obj {
  if (providerRef !== undefined) {
    const ref = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name: providerRef.name };
    rec(
      'spec.template.spec.nodeClassRef',
      providerRef,
      ref,
      'providerRef (an AWSNodeTemplate) became nodeClassRef (an EC2NodeClass of the same name; migrate the AWSNodeTemplate too)',
      'spec.providerRef',
    );
    if (provider !== undefined)
      fail(
        'ConflictingProvider',
        'spec.provider',
        'the Provisioner sets both providerRef and provider; Karpenter used providerRef and ignored provider. Remove one and migrate again',
      );
    return ref;
  }
  if (provider !== undefined) {
    const ref = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name };
    rec(
      'spec.template.spec.nodeClassRef',
      undefined,
      ref,
      `the inline provider became EC2NodeClass ${name}, written after this NodePool`,
      'spec.provider',
    );
    return ref;
  }
  fail(
    'MissingNodeClass',
    'spec.providerRef',
    'the Provisioner has neither providerRef nor provider, so there is no node class to reference; ' +
      'set spec.template.spec.nodeClassRef.name by hand',
  );
  return { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name: '' };
}

/** `requirements` (with v1alpha5's defaults), `taints`, `startupTaints` and `expireAfter` of the NodeClaim template into `v1Spec`. */
function templateSchedulingAndExpiry(src: Source, spec: Obj, rec: Rec, v1Spec: Obj): void {
  const reqs = take(spec, 'requirements');
  shaped(src, 'spec.requirements', reqs, 'list');
  const v1Reqs = requirements(reqs, rec, 'spec.requirements');
  v1Spec.requirements = Array.isArray(v1Reqs) ? alphaDefaultRequirements(v1Reqs, rec) : v1Reqs;
  for (const f of ['taints', 'startupTaints']) {
    const v = take(spec, f);
    if (v !== undefined) {
      v1Spec[f] = v;
      rec(`spec.template.spec.${f}`, v, v, 'moved under the NodeClaim template', `spec.${f}`);
    }
  }
  const ttlExpired = take(spec, 'ttlSecondsUntilExpired');
  if (ttlExpired !== undefined) {
    v1Spec.expireAfter = `${ttlExpired}s`;
    rec(
      'spec.template.spec.expireAfter',
      ttlExpired,
      v1Spec.expireAfter,
      `ttlSecondsUntilExpired became expireAfter (a duration${inHours(ttlExpired)})${forcefulExpiry(v1Spec.expireAfter)}`,
      'spec.ttlSecondsUntilExpired',
    );
  } else {
    v1Spec.expireAfter = 'Never';
    rec(
      'spec.template.spec.expireAfter',
      undefined,
      'Never',
      'the Provisioner had no ttlSecondsUntilExpired, so its nodes never expired; v1 would default to 720h, so Never is set to keep that',
    );
  }
}

/** `limits`: `limits.resources` becomes the limits, any other field is carried over. */
function provisionerLimits(src: Source, spec: Obj, v1Spec: Obj, rec: Rec): void {
  const limits: Obj | undefined = shaped(src, 'spec.limits', take(spec, 'limits'), 'object');
  if (limits === undefined) return;
  const resources = take(limits, 'resources');
  if (resources !== undefined) {
    v1Spec.limits = resources;
    rec('spec.limits', { resources }, resources, 'limits.resources became limits', 'spec.limits.resources');
  }
  if (Object.keys(limits).length > 0) carryRest(limits, 'spec.limits', (v1Spec.limits ??= {}), rec);
}

/** The EC2NodeClass made from an inline `spec.provider`, written after the NodePool. */
function inlineProviderNodeClass(src: Source, doc: Obj, provider: Obj): void {
  const nodeClass = ec2NodeClassShell(src.name);
  const ncOut = src.run.push(src.index, doc, src.name, nodeClass);
  const ncRec = recorder(ncOut);
  ncRec('spec', undefined, undefined, `created from the inline spec.provider of Provisioner ${src.name}`, 'spec.provider');
  nodeClass.spec = alphaTemplateSpec(src, cloneJson(provider), ncRec, 'spec.provider');
}

/** v1alpha5's webhook added these requirements when a Provisioner had none on the key; v1beta1 stopped. */
function alphaDefaultRequirements(reqs: Obj[], rec: Rec): Obj[] {
  const has = (pred: (k: string) => boolean) => reqs.some((r) => isObject(r) && typeof r.key === 'string' && pred(r.key));
  const out = [...reqs];
  const add = (r: Obj, why: string) => {
    out.push(r);
    rec(
      `spec.template.spec.requirements[${out.length - 1}]`,
      undefined,
      r,
      `added: v1alpha5 defaulted ${why} when a Provisioner had no such requirement; v1beta1 and later do not`,
    );
  };
  if (!has((k) => k === 'node.kubernetes.io/instance-type' || k.startsWith('karpenter.k8s.aws/instance-'))) {
    add({ key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'] }, 'instance-category c, m, r');
    add({ key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['2'] }, 'instance-generation > 2');
  }
  if (!has((k) => k === 'karpenter.sh/capacity-type'))
    add({ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] }, 'capacity-type on-demand');
  if (!has((k) => k === 'kubernetes.io/os')) add({ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }, 'os linux');
  if (!has((k) => k === 'kubernetes.io/arch')) add({ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] }, 'arch amd64');
  return out;
}

function provisionerDisruption(ttlEmpty: unknown, consolidation: Obj | undefined, rec: Rec, conflict: (m: string) => void): Obj {
  const enabled = isObject(consolidation) && consolidation.enabled === true;
  if (enabled && ttlEmpty !== undefined) {
    conflict(
      'the Provisioner sets both consolidation.enabled and ttlSecondsAfterEmpty, which v1alpha5 did not allow; ' +
        'WhenEmptyOrUnderutilized was used, check consolidateAfter',
    );
  }
  if (enabled) {
    const out = { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: ttlEmpty !== undefined ? `${ttlEmpty}s` : '0s' };
    rec(
      'spec.disruption',
      consolidation,
      out,
      'consolidation.enabled became consolidationPolicy WhenEmptyOrUnderutilized; ' +
        'consolidateAfter 0s consolidates as soon as possible, as v1alpha5 did',
      'spec.consolidation',
    );
    return out;
  }
  if (ttlEmpty !== undefined) {
    const out = { consolidationPolicy: 'WhenEmpty', consolidateAfter: `${ttlEmpty}s` };
    rec(
      'spec.disruption',
      ttlEmpty,
      out,
      'ttlSecondsAfterEmpty became consolidationPolicy WhenEmpty with consolidateAfter',
      'spec.ttlSecondsAfterEmpty',
    );
    if (consolidation !== undefined) rec('spec.consolidation', consolidation, undefined, 'dropped: consolidation was not enabled');
    return out;
  }
  const out = { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: 'Never' };
  rec(
    'spec.disruption',
    consolidation,
    out,
    'the Provisioner neither consolidated nor removed empty nodes; consolidateAfter Never keeps that (v1 would default to consolidating at once)',
    consolidation !== undefined ? 'spec.consolidation' : undefined,
  );
  return out;
}

/** `, i.e. 720h` for a whole number of hours, so the report reads like the docs. */
function inHours(seconds: unknown): string {
  return typeof seconds === 'number' && seconds > 0 && seconds % 3600 === 0 ? `, i.e. ${seconds / 3600}h` : '';
}
