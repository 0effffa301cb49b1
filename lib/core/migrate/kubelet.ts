// v1 moved kubelet settings from the NodePool (Provisioner) to the EC2NodeClass.
import { EC2NODECLASS_KIND } from '../model/types';
import { recorder } from './converter-common';
import { KubeletMove, MigrationError, Obj, Output, Rec } from './migration-types';
import { stableJson } from './util';

/** Puts each moved kubelet block on its EC2NodeClass when that is in the input. */
export function placeKubelets(outputs: readonly Output[], kubeletMoves: readonly KubeletMove[], fail: (e: MigrationError) => void): void {
  const byName = new Map<string, Output>();
  for (const o of outputs) if (o.manifest.kind === EC2NODECLASS_KIND) byName.set(o.manifest.metadata.name, o);
  const groups = new Map<string, KubeletMove[]>();
  for (const m of kubeletMoves) groups.set(m.nodeClassName, [...(groups.get(m.nodeClassName) ?? []), m]);

  for (const [nodeClassName, moves] of groups) {
    const target = byName.get(nodeClassName);
    const configs = new Map<string, Obj>();
    for (const m of moves)
      configs.set(
        stableJson(kubeletV1(m.kubelet, recorder(m.pool))),
        kubeletV1(m.kubelet, () => undefined),
      );
    const pools = moves.map((m) => m.pool.report.name).join(', ');
    const existing = target?.manifest.spec.kubelet;
    const conflict = configs.size > 1 || (existing !== undefined && !configs.has(stableJson(existing)));
    for (const m of moves) {
      const field = m.pool.report.kind === 'Provisioner' ? 'spec.kubeletConfiguration' : 'spec.template.spec.kubelet';
      let note: string;
      if (!target) {
        note = `v1 has no kubelet on the NodePool and EC2NodeClass ${nodeClassName} is not in the input: copy this block to its spec.kubelet by hand`;
        fail({ document: m.document, kind: m.pool.report.kind, name: m.pool.report.name, field, code: 'KubeletTargetMissing', message: note });
      } else if (conflict) {
        note =
          `v1 keeps kubelet settings on the EC2NodeClass, and NodePools ${pools} give EC2NodeClass ${nodeClassName} ` +
          'different ones: create one EC2NodeClass per kubelet configuration and point each NodePool at its own';
        fail({ document: m.document, kind: m.pool.report.kind, name: m.pool.report.name, field, code: 'KubeletConflict', message: note });
      } else {
        note = `v1 keeps kubelet settings on the EC2NodeClass: moved to EC2NodeClass ${nodeClassName} spec.kubelet`;
      }
      m.pool.report.changes.push({ field, from: m.kubelet, note });
    }
    if (target && !conflict && existing === undefined) {
      const kubelet = [...configs.values()][0];
      target.manifest.spec = insertAfter(target.manifest.spec, 'securityGroupSelectorTerms', 'kubelet', kubelet);
      target.report.changes.push({
        field: 'spec.kubelet',
        to: kubelet,
        note: `moved from ${moves.map((m) => `${m.pool.report.kind} ${m.pool.report.name} (document ${m.document})`).join(', ')}`,
      });
    }
  }
}

/** Kubelet block in v1 form: v1alpha5's containerRuntime has no v1 field. */
function kubeletV1(kubelet: Obj, rec: Rec): Obj {
  const out: Obj = { ...kubelet };
  if (out.containerRuntime !== undefined) {
    rec('spec.kubeletConfiguration.containerRuntime', out.containerRuntime, undefined, 'dropped: EKS 1.24 and later only run containerd');
    delete out.containerRuntime;
  }
  return out;
}

function insertAfter(obj: Obj, after: string, key: string, value: unknown): Obj {
  const out: Obj = {};
  let placed = false;
  for (const [k, v] of Object.entries(obj)) {
    out[k] = v;
    if (k === after) {
      out[key] = value;
      placed = true;
    }
  }
  if (!placed) out[key] = value;
  return out;
}
