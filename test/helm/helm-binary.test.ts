// The Helm tier never passes silently: without the charts it says SKIPPED, without helm too, and in CI a missing helm fails.
import * as fs from 'fs';
import { helmBinary, helmCachePath, helmTier, runHelm } from './helm-binary';

describe('the Helm tier without what it needs', () => {
  const saved = { ref: process.env.KARPENTER_REFERENCE_DIR, ci: process.env.CI };
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    for (const [key, value] of [
      ['KARPENTER_REFERENCE_DIR', saved.ref],
      ['CI', saved.ci],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  test('no charts (a lone clone): a loud SKIPPED line, in CI too', () => {
    process.env.KARPENTER_REFERENCE_DIR = '/nonexistent/reference';
    process.env.CI = 'true';
    const tier = helmTier('X');
    expect(tier.helm).toBeUndefined();
    expect(tier.skipped).toMatch(/^SKIPPED: X: the released charts not found/);
    expect(warn).toHaveBeenCalledWith(tier.skipped);
  });

  test('no helm binary: SKIPPED outside CI, a failure in CI', () => {
    const charts = helmTier('probe', () => ({ path: '/bin/true' })).charts;
    if (charts === undefined) return void console.warn('SKIPPED: the no-helm case needs ../shared/reference/charts');
    const noHelm = () => ({ reason: 'the layer package is not installed' });
    delete process.env.CI;
    expect(helmTier('X', noHelm)).toEqual({ skipped: 'SKIPPED: X: no helm binary: the layer package is not installed' });
    expect(warn).toHaveBeenCalledWith('SKIPPED: X: no helm binary: the layer package is not installed');
    process.env.CI = 'true';
    expect(() => helmTier('X', noHelm)).toThrow(/^CI is set: SKIPPED: X: no helm binary/);
  });
});

describe('the helm binary', () => {
  test('is extracted once from the layer into .cache/helm and runs offline', () => {
    const helm = helmBinary();
    if (helm.path === undefined) return void console.warn(`SKIPPED: helm binary: ${helm.reason}`);
    expect(helm.path).toBe(helmCachePath());
    expect(fs.statSync(helm.path).mode & 0o111).not.toBe(0);
    expect(runHelm(helm.path, ['version', '--short'])).toMatch(/^v4\.\d+\.\d+/);
  });
});
