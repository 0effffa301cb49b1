// What the buildKarpenterHelmValues tests share: the base options, an unresolved Terraform token and the context
// that recognises it.
import { KarpenterHelmValuesOptions } from '../../../lib/core/controller/helm-values';
import { ValidationIssue } from '../../../lib/core/issues';
import { KARPENTER_ATTRIBUTES, karpenterAttributes } from '../../util/karpenter-attributes';

/** Karpenter's AWS attributes without an interruption queue. */
export const NO_QUEUE = karpenterAttributes({ interruptionQueueName: undefined });
export const BASE: KarpenterHelmValuesOptions = { karpenter: KARPENTER_ATTRIBUTES };
/** A value known only at apply time, as cdktf prints it in a plan. */
export const TOKEN = '${TfToken[TOKEN.1]}';
export const ctx = { isUnresolved: (v: unknown) => typeof v === 'string' && v.includes('${TfToken[') };

export const codes = (issues: ValidationIssue[]) => issues.map((i) => i.code);
