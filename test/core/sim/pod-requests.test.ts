import { simulateProvisioning } from '../../../lib/core/sim';
import { ContainerResources, podRequests, PodResources } from '../../../lib/core/sim/pod-requests';
import { GI, MI } from '../../../lib/core/shared/quantity';
import { nodeClass, nodePool, pod } from './fixtures';

const c = (requests: Record<string, number>, limits: Record<string, number> = {}, sidecar = false): ContainerResources => ({
  requests,
  limits,
  sidecar,
});
const spec = (o: Partial<PodResources>): PodResources => ({ containers: [], initContainers: [], overhead: {}, ...o });

test('a limit stands in for a missing request (SetDefaults_Pod), per resource', () => {
  expect(podRequests(spec({ containers: [c({ cpu: 500 }, { cpu: 1000, memory: GI })] }))).toEqual({ cpu: 500, memory: GI });
});

test('containers and sidecars add up; an init container needs its peak beside the sidecars started before it', () => {
  const pod = spec({
    containers: [c({ cpu: 1000 })],
    initContainers: [c({ cpu: 200 }, {}, true), c({ cpu: 3000 }), c({ cpu: 300 }, {}, true), c({ cpu: 100 })],
  });
  // Running: 1000 + 200 + 300 = 1500; the second init container needs 3000 + 200 = 3200.
  expect(podRequests(pod)).toEqual({ cpu: 3200 });
});

test('pod-level requests replace only cpu, memory and hugepages; a container GPU limit stays (resource.PodRequests)', () => {
  const pod = spec({
    containers: [c({ cpu: 100, memory: 128 * MI, 'example.com/foo': 2 }, { 'nvidia.com/gpu': 1, 'hugepages-2Mi': 4 * MI })],
    podLevel: { requests: { cpu: 2000, memory: 4 * GI, 'hugepages-2Mi': 8 * MI }, limits: {} },
  });
  expect(podRequests(pod)).toEqual({ cpu: 2000, memory: 4 * GI, 'hugepages-2Mi': 8 * MI, 'nvidia.com/gpu': 1, 'example.com/foo': 2 });
});

test('pod-level limits default pod-level requests: from the containers for cpu and memory, else from the limit (defaultPodRequests)', () => {
  const pod = spec({ containers: [c({ cpu: 300 })], podLevel: { requests: {}, limits: { cpu: 2000, memory: 2 * GI } } });
  expect(podRequests(pod)).toEqual({ cpu: 300, memory: 2 * GI });
  // Hugepages are not overcommitted: a pod-level hugepages limit is its request.
  const huge = spec({ containers: [c({ 'hugepages-1Gi': GI })], podLevel: { requests: {}, limits: { 'hugepages-1Gi': 2 * GI } } });
  expect(podRequests(huge)).toEqual({ 'hugepages-1Gi': 2 * GI });
});

test('pod-level resources naming only an extended resource change nothing; overhead is added last', () => {
  const pod = spec({
    containers: [c({ cpu: 100 })],
    podLevel: { requests: { 'nvidia.com/gpu': 1 }, limits: {} },
    overhead: { cpu: 250, memory: 120 * MI },
  });
  expect(podRequests(pod)).toEqual({ cpu: 350, memory: 120 * MI });
});

test('LimitRange default requests fill only missing container requests, after the limit-to-request default', () => {
  const pod = spec({ containers: [c({}, { memory: GI }), c({ cpu: 50 })], initContainers: [c({})] });
  const defaults = { requests: { cpu: 100, memory: 256 * MI } };
  // Container 1: cpu 100 (default), memory 1Gi (its limit); container 2: cpu 50, memory 256Mi; the init container needs 100/256Mi.
  expect(podRequests(pod, defaults)).toEqual({ cpu: 150, memory: GI + 256 * MI });
});

test('pod-level requests were defaulted before LimitRanger ran: its container defaults do not change them', () => {
  const pod = spec({ containers: [c({})], podLevel: { requests: {}, limits: { cpu: 2000 } } });
  expect(podRequests(pod, { requests: { cpu: 100, memory: 64 * MI } })).toEqual({ cpu: 2000, memory: 64 * MI });
});

test('issue #22: pod-level {cpu: 2, memory: 4Gi} with a container limit nvidia.com/gpu: 1 keeps the GPU, so g6f.xlarge is not offered', () => {
  const gpuPod = pod('trainer', {}, { resources: { requests: { cpu: '2', memory: '4Gi' } } });
  (gpuPod.spec.containers[0] as Record<string, unknown>).resources = { limits: { 'nvidia.com/gpu': '1' } };
  const r = simulateProvisioning({ nodePools: [nodePool('gpu')], nodeClasses: [nodeClass()], pods: [gpuPod] });
  const types = r.pods[0].instanceTypes;
  expect(r.pods[0].schedulable).toBe(true);
  expect(types).not.toContain('g6f.xlarge');
  expect(types.length).toBeGreaterThan(0);
  expect(types.every((t) => /^(g|p)/.test(t))).toBe(true);
});
