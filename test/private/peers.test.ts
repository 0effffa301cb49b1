import * as fs from 'fs';
import * as path from 'path';
import { checkPeers, missingPeers } from '../../lib/private/peers';

const notFound = (id: string): never => {
  throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
};

describe('the peer check of the package entry', () => {
  test('should find every peer in this repository', () => {
    expect(missingPeers()).toEqual([]);
    expect(() => checkPeers()).not.toThrow();
  });

  test('without the providers, one error names them, the install line and cdktf-karpenter-eks/core', () => {
    const resolve = (id: string) => (id.startsWith('@cdktf/provider-') ? notFound(id) : id);
    expect(missingPeers(resolve)).toEqual(['@cdktf/provider-aws', '@cdktf/provider-helm', '@cdktf/provider-kubernetes']);
    expect(() => checkPeers(resolve)).toThrow(
      'cdktf-karpenter-eks: the constructs need the peer packages @cdktf/provider-aws, @cdktf/provider-helm, @cdktf/provider-kubernetes, ' +
        'which are not installed. Install the peers: npm install cdktf@0.21 constructs@10 @cdktf/provider-aws@21 @cdktf/provider-helm@12 ' +
        '@cdktf/provider-kubernetes@12. For the pure core alone (models, validation, policies, Helm values; no cdktf), ' +
        "import 'cdktf-karpenter-eks/core' instead.",
    );
  });

  test('a peer that resolves to an error other than not-found is there (e.g. an exports map hiding its main)', () => {
    const resolve = (id: string): string => {
      throw Object.assign(new Error(id), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
    };
    expect(missingPeers(resolve)).toEqual([]);
  });

  test('the install line is the README one', () => {
    const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    const line = /npm install \S*cdktf-karpenter-eks-[\d.]+\.tgz (.*)\n/.exec(readme)![1];
    expect(() => checkPeers(notFound)).toThrow(`npm install ${line}.`);
  });

  test.each([['lib/index.ts'], ['lib/testing/index.ts']])('%s checks the peers before it loads anything else', (file) => {
    const code = fs
      .readFileSync(path.join(__dirname, '../..', file), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('//'));
    expect(code[0]).toMatch(/^import \{ checkPeers \} from '\.\.?\/(\.\.\/)?private\/peers';$/);
    expect(code[1]).toMatch(/^checkPeers\(\);/);
  });
});
