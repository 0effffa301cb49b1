// karpenter.sh/v1beta1 NodePool and karpenter.k8s.aws/v1beta1 EC2NodeClass (Karpenter 0.33-0.37) to v1.
// Source: karpenter.sh v1-migration guide (v1.0).
import { cloneJson } from '../json';
import { V1BETA1_CONSOLIDATION_POLICIES } from '../model/renamed-values';
import { EC2NODECLASS_GROUP, EC2NODECLASS_KIND } from '../model/types';
import { ec2NodeClassShell, nodeClassSpec } from './node-class';
import { forcefulExpiry, nodePoolShell, requirements, templateMetadata } from './node-pool';
import { carryRest, envelope, recorder, shaped } from './converter-common';
import { MigrationRun, Obj, Rec, Source } from './migration-types';
import { copy, isObject, take } from './util';

export function nodePoolV1beta1(run: MigrationRun, index: number, doc: Obj, name: string): void {
  const src: Source = { run, index, kind: 'NodePool', name };
  const spec: Obj = cloneJson(shaped(src, 'spec', doc.spec, 'object') ?? {});
  const template: Obj = shaped(src, 'spec.template', take(spec, 'template'), 'object') ?? {};
  const tmeta: Obj = shaped(src, 'spec.template.metadata', take(template, 'metadata'), 'object') ?? {};
  const tspec: Obj = shaped(src, 'spec.template.spec', take(template, 'spec'), 'object') ?? {};
  const disruption: Obj | undefined = shaped(src, 'spec.disruption', take(spec, 'disruption'), 'object');
  const manifest = nodePoolShell(doc);
  const out = run.push(index, doc, name, manifest);
  const rec = recorder(out);
  envelope(doc, manifest, rec);

  const v1Template: Obj = {};
  const meta = templateMetadata(src, tmeta, rec, 'spec.template.metadata');
  if (meta) v1Template.metadata = meta;
  const v1Spec: Obj = {};
  v1Spec.nodeClassRef = nodeClassRefV1beta1(shaped(src, 'spec.template.spec.nodeClassRef', take(tspec, 'nodeClassRef'), 'object'), rec);
  const reqs = take(tspec, 'requirements');
  shaped(src, 'spec.template.spec.requirements', reqs, 'list');
  v1Spec.requirements = requirements(reqs, rec);
  copy(tspec, v1Spec, 'taints');
  copy(tspec, v1Spec, 'startupTaints');
  const expireAfter = disruption ? take(disruption, 'expireAfter') : undefined;
  if (expireAfter !== undefined) {
    v1Spec.expireAfter = expireAfter;
    rec(
      'spec.template.spec.expireAfter',
      expireAfter,
      expireAfter,
      `v1 moved expireAfter from the disruption block to the NodeClaim template (it now causes drift when changed)${forcefulExpiry(expireAfter)}`,
      'spec.disruption.expireAfter',
    );
  }
  copy(tspec, v1Spec, 'expireAfter');
  copy(tspec, v1Spec, 'terminationGracePeriod');
  const kubelet = take(tspec, 'kubelet');
  if (kubelet !== undefined) run.moveKubelet({ document: index, pool: out, nodeClassName: v1Spec.nodeClassRef.name, kubelet });
  // v1beta1 had resource requests on the NodeClaim template; v1 has none.
  const resources = take(tspec, 'resources');
  if (resources !== undefined) rec('spec.template.spec.resources', resources, undefined, 'dropped: no v1 equivalent');
  carryRest(tspec, 'spec.template.spec', v1Spec, rec);
  v1Template.spec = v1Spec;
  carryRest(template, 'spec.template', v1Template, rec);
  manifest.spec.template = v1Template;

  if (disruption !== undefined) {
    const v1Disruption = disruptionV1beta1(disruption, rec);
    if (v1Disruption) manifest.spec.disruption = v1Disruption;
  }
  copy(spec, manifest.spec, 'limits');
  copy(spec, manifest.spec, 'weight');
  copy(spec, manifest.spec, 'replicas');
  carryRest(spec, 'spec', manifest.spec, rec);
}

export function nodeClassV1beta1(run: MigrationRun, index: number, doc: Obj, name: string): void {
  const src: Source = { run, index, kind: EC2NODECLASS_KIND, name };
  const spec: Obj = cloneJson(shaped(src, 'spec', doc.spec, 'object') ?? {});
  const manifest = ec2NodeClassShell(name);
  const out = run.push(index, doc, name, manifest);
  const rec = recorder(out);
  envelope(doc, manifest, rec);
  manifest.spec = nodeClassSpec(src, spec, shaped(src, 'spec.amiSelectorTerms', take(spec, 'amiSelectorTerms'), 'list'), rec);
}

function nodeClassRefV1beta1(ref: Obj | undefined, rec: Rec): Obj {
  const field = 'spec.template.spec.nodeClassRef';
  if (!isObject(ref)) {
    const to = { group: EC2NODECLASS_GROUP, kind: EC2NODECLASS_KIND, name: '' };
    rec(field, ref, to, 'the NodePool had no nodeClassRef; set its name by hand');
    return to;
  }
  const group = typeof ref.apiVersion === 'string' ? ref.apiVersion.split('/')[0] : EC2NODECLASS_GROUP;
  const to = { group, kind: ref.kind ?? EC2NODECLASS_KIND, name: ref.name };
  rec(field, ref, to, 'v1 requires group, kind and name, and replaced apiVersion by group');
  return to;
}

function disruptionV1beta1(d: Obj, rec: Rec): Obj | undefined {
  const out: Obj = {};
  const policy = take(d, 'consolidationPolicy');
  let after = take(d, 'consolidateAfter');
  const requireAfter = (note: string) => {
    if (after !== undefined) return;
    after = '0s';
    rec('spec.disruption.consolidateAfter', undefined, after, note);
  };
  const renamed = typeof policy === 'string' && Object.prototype.hasOwnProperty.call(V1BETA1_CONSOLIDATION_POLICIES, policy);
  if (renamed) {
    out.consolidationPolicy = V1BETA1_CONSOLIDATION_POLICIES[policy as string];
    rec('spec.disruption.consolidationPolicy', policy, out.consolidationPolicy, 'renamed in v1');
    requireAfter('v1 requires consolidateAfter (v1beta1 forbade it with WhenUnderutilized); 0s keeps the v1beta1 behaviour');
  } else if (policy !== undefined) {
    out.consolidationPolicy = policy;
    requireAfter(`v1 requires consolidateAfter; 0s consolidates ${policy} nodes at once`);
  }
  const budgets = take(d, 'budgets');
  // Nothing left (e.g. only expireAfter was set): the v1 defaults equal the v1beta1 ones.
  if (after === undefined && budgets === undefined && Object.keys(d).length === 0) return undefined;
  requireAfter('v1 requires consolidateAfter whenever disruption is set; 0s is the v1 default and the v1beta1 behaviour');
  out.consolidateAfter = after;
  if (budgets !== undefined) out.budgets = budgets;
  carryRest(d, 'spec.disruption', out, rec);
  return out;
}
