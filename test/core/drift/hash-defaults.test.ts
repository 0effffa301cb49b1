import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { EXPIRE_AFTER_DEFAULT } from '../../../lib/core/drift/nodepool-hash';
import { METADATA_OPTIONS_DEFAULT } from '../../../lib/core/drift/ec2nodeclass-hash';
import { crdsMissingMessage, karpenterCrdsDir } from '../../fixtures/crds-dir';

type Node = { properties?: Record<string, Node>; items?: Node; additionalProperties?: Node; default?: unknown };

/** Every `default` in a schema subtree, by dotted path (`[]` for list items, `*` for map values). */
function defaults(node: Node, at: string, out: Map<string, unknown>): Map<string, unknown> {
  if (node.default !== undefined) out.set(at, node.default);
  for (const [k, child] of Object.entries(node.properties ?? {})) defaults(child, at === '' ? k : `${at}.${k}`, out);
  if (node.items) defaults(node.items, `${at}[]`, out);
  if (node.additionalProperties) defaults(node.additionalProperties, `${at}.*`, out);
  return out;
}

function specSchema(dir: string, file: string): Node {
  const doc = parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  return doc.spec.versions.find((v: { name: string }) => v.name === 'v1').schema.openAPIV3Schema.properties.spec as Node;
}

// The API server applies these before Karpenter reads the object, so the hash sees them: every default under the
// hashed parts of the specs must be one the hash functions apply.
describe('the CRD defaults the hashes see', () => {
  const dir = karpenterCrdsDir();
  if (dir === undefined) console.warn(crdsMissingMessage('CRD defaults under the hashed fields'));
  const run = dir === undefined ? test.skip : test;

  run('NodePool: the only default under spec.template is expireAfter 720h', () => {
    const template = specSchema(dir!, 'karpenter.sh_nodepools.yaml').properties!.template;
    expect(Object.fromEntries(defaults(template, 'template', new Map()))).toEqual({ 'template.spec.expireAfter': EXPIRE_AFTER_DEFAULT });
  });

  run('EC2NodeClass: the only defaults under spec are metadataOptions and its fields', () => {
    const found = Object.fromEntries(defaults(specSchema(dir!, 'karpenter.k8s.aws_ec2nodeclasses.yaml'), '', new Map()));
    expect(found).toEqual({
      metadataOptions: METADATA_OPTIONS_DEFAULT,
      ...Object.fromEntries(Object.entries(METADATA_OPTIONS_DEFAULT).map(([k, v]) => [`metadataOptions.${k}`, v])),
    });
  });
});
