// Pods of one shape share work (topology groups, the last failure of the shape): a shortcut, never a change of
// verdict. A distinct label no selector reads makes every pod a shape of its own, so the two runs must agree.
import { runSimulation } from '../../../lib/core/sim';
import { nodeClass, nodePool, pod, req } from './fixtures';
import { mulberry32 } from '../../util/prng';

const SEED = Number(process.env.SHAPE_SEED ?? 2404);
const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];

describe(`shared shapes change no verdict (SHAPE_SEED=${SEED})`, () => {
  const rand = mulberry32(SEED);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

  const app = (i: number) => {
    const name = `app-${i}`;
    const spec: Record<string, unknown> = {};
    if (rand() < 0.4) {
      spec.topologySpreadConstraints = [
        { maxSkew: 1, topologyKey: pick(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']), labelSelector: { matchLabels: { app: name } } },
      ];
    }
    if (rand() < 0.3) {
      spec.affinity = {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: name } } }],
        },
      };
    }
    if (rand() < 0.3) spec.nodeSelector = { 'karpenter.sh/capacity-type': pick(['spot', 'on-demand']) };
    return { name, spec, requests: { cpu: pick(['250m', '1', '2', '7']), memory: pick(['512Mi', '2Gi', '8Gi']) } };
  };

  test('every pod with its own label gives the same verdicts as replicas sharing one shape', () => {
    let pending = 0;
    for (let round = 0; round < 12; round++) {
      const apps = Array.from({ length: 4 }, (_, i) => app(i));
      const replicas = apps.flatMap((a) => Array.from({ length: 2 + Math.floor(rand() * 6) }, (_, r) => ({ a, r })));
      const pools = [
        nodePool('small', [req('karpenter.k8s.aws/instance-cpu', 'Lt', '9')], { limits: { cpu: String(8 + Math.floor(rand() * 24)) } }),
        nodePool('spot', [req('karpenter.sh/capacity-type', 'In', 'spot')], { limits: { cpu: '16' } }),
      ];
      const input = (own: boolean) => ({
        nodePools: pools,
        nodeClasses: [nodeClass()],
        zones: ZONES,
        pods: replicas.map(({ a, r }) => pod(`${a.name}-${r}`, a.requests, a.spec, { app: a.name, ...(own ? { uid: `${a.name}-${r}` } : {}) })),
      });
      const shared = runSimulation(input(false)).result;
      const own = runSimulation(input(true)).result;
      const verdicts = (pods: typeof shared.pods) => pods.map((p) => [p.name, p.schedulable, p.nodeClaim, p.zone, p.reason]);
      expect(verdicts(own.pods)).toEqual(verdicts(shared.pods));
      expect(own.nodeClaims).toEqual(shared.nodeClaims);
      pending += shared.pods.filter((p) => !p.schedulable).length;
    }
    // Failures are what the shape's memo shares: the rounds must have some.
    expect(pending).toBeGreaterThan(10);
  });
});
