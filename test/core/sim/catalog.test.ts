import * as fs from 'fs';
import * as path from 'path';
import { loadInstanceTypeCatalog } from '../../../lib/core/sim';
import { allocatableFor, CATALOG_SETTINGS, capacityFor } from '../../../lib/core/sim/allocatable';
import { publishedAllocatable } from '../../../lib/core/sim/catalog';
import { labelCode, labelIndex, MAX_LABEL_VALUES } from '../../../lib/core/sim/catalog-format';
import { buildCatalogData, CATALOG_FILE, CATALOG_SOURCE, parseInstanceTypesPage, renderCatalogData } from '../../../scripts/generate-catalog';
import { readSharedReference } from '../../fixtures/reference';

const catalog = loadInstanceTypeCatalog();
const MI = 2 ** 20;
const GI = 2 ** 30;

test('the bundled catalog holds the 1,363 types of Karpenter 1.14.1, each with its well-known labels', () => {
  expect(catalog.karpenterVersion).toBe('1.14.1');
  expect(catalog.instanceTypes).toHaveLength(1363);
  expect(new Set(catalog.instanceTypes.map((t) => t.name)).size).toBe(1363);
  const m5 = catalog.get('m5.large')!;
  expect(m5.labels).toMatchObject({
    'node.kubernetes.io/instance-type': 'm5.large',
    'karpenter.k8s.aws/instance-family': 'm5',
    'karpenter.k8s.aws/instance-category': 'm',
    'karpenter.k8s.aws/instance-cpu': '2',
    'karpenter.k8s.aws/instance-memory': '8192',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/os': 'linux',
  });
  expect(catalog.get('nope.large')).toBeUndefined();
  expect(catalog.get('g4dn.xlarge')!.capacity['nvidia.com/gpu']).toBe(1);
});

test('m5.large: capacity and allocatable as the semantics reference works them out', () => {
  const m5 = catalog.get('m5.large')!;
  expect(m5.capacity).toMatchObject({ cpu: 2000, memory: 7577 * MI, 'ephemeral-storage': 20 * GI, pods: 29 });
  expect(m5.allocatable).toMatchObject({ cpu: 1930, memory: 6903 * MI, 'ephemeral-storage': 17 * GI, pods: 29 });
});

test('the formulas reproduce the allocatable cpu, memory, ephemeral-storage and pods of all 1,363 types', () => {
  const keys = ['cpu', 'memory', 'ephemeral-storage', 'pods'];
  const mismatches = catalog.instanceTypes.flatMap((it) => {
    const published = publishedAllocatable(it.name)!;
    const computed = allocatableFor(it, CATALOG_SETTINGS);
    return keys.filter((k) => computed[k] !== published[k]).map((k) => `${it.name} ${k}: ${computed[k]} != ${published[k]}`);
  });
  expect(mismatches).toEqual([]);
});

test('kubelet overrides, by hand (m5.large: 2 vCPU, 8192 MiB, 29 ENI pods)', () => {
  const m5 = catalog.get('m5.large')!;
  // maxPods 110: AL2023's kube-reserved memory still counts the 29 ENI pods.
  expect(allocatableFor(m5, { amiFamily: 'AL2023', maxPods: 110 })).toMatchObject({ pods: 110, memory: 6903 * MI });
  // Bottlerocket counts the pods capacity, and ignores podsPerCore.
  expect(allocatableFor(m5, { amiFamily: 'Bottlerocket', maxPods: 110, podsPerCore: 2 })).toMatchObject({
    pods: 110,
    memory: (7577 - (11 * 110 + 255) - 100) * MI,
  });
  // podsPerCore caps pods at 2 x 2 vCPU.
  expect(allocatableFor(m5, { amiFamily: 'AL2023', podsPerCore: 2 }).pods).toBe(4);
  // Windows: 110 pods, a 50Gi root volume.
  expect(allocatableFor(m5, { amiFamily: 'Windows2022' })).toMatchObject({
    pods: 110,
    memory: (7577 - (11 * 110 + 255) - 100) * MI,
    'ephemeral-storage': 50 * GI - GI - 5 * GI,
  });
  // kubeReserved replaces the computed cpu; systemReserved adds; evictionHard overrides memory.available.
  expect(
    allocatableFor(m5, {
      amiFamily: 'AL2023',
      kubeReserved: { cpu: 200 },
      systemReserved: { cpu: 100, memory: 100 * MI },
      evictionHard: { 'memory.available': '5%', 'nodefs.available': '15%' },
    }),
  ).toMatchObject({
    cpu: 2000 - 200 - 100,
    memory: 7577 * MI - 574 * MI - 100 * MI - Math.ceil(((7577 * MI) / 100) * 5),
    'ephemeral-storage': 20 * GI - GI - Math.ceil(((20 * GI) / 100) * 15),
  });
  // A 100Gi root volume.
  const big = allocatableFor(m5, {
    amiFamily: 'AL2023',
    blockDeviceMappings: [{ deviceName: '/dev/xvda', volumeBytes: 100 * GI, rootVolume: true }],
  });
  expect(big['ephemeral-storage']).toBe(100 * GI - GI - 10 * GI);
  // RAID0 uses the NVMe instance store (m5d.large: 75 GB).
  const m5d = catalog.get('m5d.large')!;
  expect(capacityFor(m5d, { amiFamily: 'AL2023', raid0: true })['ephemeral-storage']).toBe(75e9);
  // Graviton loses 64 MiB to CMA before the VM overhead.
  expect(catalog.get('m6g.large')!.capacity.memory).toBe((8128 - Math.ceil(8128 * 0.075)) * MI);
});

test('the committed catalog is compact and is what the generator makes of the reference page', () => {
  const file = path.join(__dirname, '..', '..', '..', CATALOG_FILE);
  expect(fs.statSync(file).size).toBeLessThan(500 * 1024);
  const md = readSharedReference(CATALOG_SOURCE);
  if (md === undefined) {
    console.log(`SKIPPED: ${CATALOG_SOURCE} not found (set KARPENTER_REFERENCE_DIR); the committed catalog is not cross-checked`);
    return;
  }
  const parsed = parseInstanceTypesPage(md);
  expect(parsed).toHaveLength(1363);
  expect(renderCatalogData(buildCatalogData(parsed))).toBe(fs.readFileSync(file, 'utf8'));
  // Every label the page gives is in the loaded catalog.
  const missing = parsed.flatMap((t) =>
    Object.entries(t.labels)
      .filter(([k, v]) => catalog.get(t.name)?.labels[k] !== v)
      .map(([k]) => `${t.name} ${k}`),
  );
  expect(missing).toEqual([]);
});

test('a bundled type serializes as the InstanceType fields it is read through', () => {
  const m5 = loadInstanceTypeCatalog().get('m5.large')!;
  const json = JSON.parse(JSON.stringify(m5));
  expect(Object.keys(json).sort()).toEqual(['allocatable', 'capacity', 'labels', 'name']);
  expect(json).toEqual({ name: 'm5.large', labels: m5.labels, capacity: m5.capacity, allocatable: m5.allocatable });
  expect(json.labels['node.kubernetes.io/instance-type']).toBe('m5.large');
});

test('the row encoding: every value index round-trips through one visible character', () => {
  const bad: number[] = [];
  for (let i = -1; i < MAX_LABEL_VALUES; i++) {
    const ch = labelCode(i);
    const code = ch.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code < 0xe000);
    if (ch.length !== 1 || control || labelIndex(code) !== i) bad.push(i);
  }
  expect(bad).toEqual([]);
  expect(labelCode(-1)).toBe('/');
  expect(labelCode(0)).toBe('0');
  // The file holds one line per type, its name first, so a regenerated catalog diffs by type.
  const file = fs.readFileSync(path.join(__dirname, '..', '..', '..', CATALOG_FILE), 'utf8');
  expect(file).toMatch(/\n"m5\.large [^ "]+ \d+(,\d+)+",\n/);
  // ASCII only: codes past '~' are \u escapes.
  expect(file).toMatch(/^[\n\x20-\x7e]*$/);
});
