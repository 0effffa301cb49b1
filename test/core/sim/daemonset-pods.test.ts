// DaemonSet overhead from the DaemonSets' pods when their objects are not given (daemonset-pods.ts).
import { runSimulation } from '../../../lib/core/sim';
import { nodeClass, nodePool, req } from './fixtures';

const pools = [nodePool('p', [req('node.kubernetes.io/instance-type', 'In', 'c6a.large', 'c6a.xlarge')])];
const owned = (name: string, cpu: string, owner: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'kube-system', ownerReferences: [{ apiVersion: 'apps/v1', controller: true, kind: 'DaemonSet', ...owner }], ...more },
  spec: { nodeName: 'n1', containers: [{ name: 'c', resources: { requests: { cpu } } }] },
});
const pending = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'app' },
  spec: { containers: [{ name: 'c', resources: { requests: { cpu: '1800m' } } }] },
};
const typesOf = (pods: unknown[], daemonSets: unknown[] = []) =>
  runSimulation({ nodePools: pools, nodeClasses: [nodeClass()], pods: [...pods, pending], daemonSets }).result.pods.find((p) => p.name === 'app')
    ?.instanceTypes;

test('a DaemonSet owner without a uid is keyed by namespace and name; one pod each', () => {
  // 1800m + 100m fits c6a.large (1930m); both pods of one DaemonSet counted would not.
  expect(typesOf([owned('a-1', '100m', { name: 'a' }), owned('a-2', '100m', { name: 'a' })])).toEqual(['c6a.large', 'c6a.xlarge']);
  expect(typesOf([owned('a-1', '100m', { name: 'a' }), owned('b-1', '100m', { name: 'b' })])).toEqual(['c6a.xlarge']);
});

test('a given DaemonSet is matched by uid or by namespace/name; its pods are then not counted', () => {
  const ds = (name: string, uid: string) => ({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'kube-system', uid },
    spec: { template: { spec: { containers: [{ name: 'c', resources: { requests: { cpu: '10m' } } }] } } },
  });
  const pods = [owned('a-1', '200m', { name: 'a', uid: 'u-a' })];
  expect(typesOf(pods)).toEqual(['c6a.xlarge']);
  expect(typesOf(pods, [ds('a', 'other-uid')])).toEqual(['c6a.large', 'c6a.xlarge']);
  expect(typesOf(pods, [ds('renamed', 'u-a')])).toEqual(['c6a.large', 'c6a.xlarge']);
});

test('an ownerReference that throws when read is no DaemonSet owner, and nothing throws', () => {
  const hostile = owned('h', '500m', { name: 'h' });
  Object.defineProperty(hostile.metadata, 'ownerReferences', {
    get() {
      throw new Error('boom');
    },
  });
  expect(() => typesOf([hostile])).not.toThrow();
});
