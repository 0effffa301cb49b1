// The documentation as a whole: README.md and docs/*.md. Each titled code block is read by a test, each relative link
// resolves, the README stays a short entry point, and the design page's layout and the CLI page's flags are the code's.
import * as fs from 'fs';
import * as path from 'path';
import { readDoc, titledBlocks } from './doc-blocks';

const root = path.join(__dirname, '..');
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every file under `dir` whose name ends with `suffix`, as paths. */
function filesUnder(dir: string, suffix: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(suffix)).map((f) => path.join(dir, f));
}

/** The text of `markdown` outside fenced code blocks. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  return new Set([...prose(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
}

describe.each(DOCS)('%s', (doc) => {
  const text = readDoc(doc);

  test('every relative link points to a file of the repository, and to a heading of it when it names one', () => {
    const links = [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const [target, anchor] = link.split('#');
      const file = target === '' ? path.join(root, doc) : path.join(root, path.dirname(doc), target);
      expect([link, fs.existsSync(file)]).toEqual([link, true]);
      if (anchor !== undefined && file.endsWith('.md')) expect([link, anchorsOf(fs.readFileSync(file, 'utf8')).has(anchor)]).toEqual([link, true]);
    }
  });

  test('every titled code block is read by a test that names this file', () => {
    const tests = filesUnder(path.join(root, 'test'), '.ts')
      .filter((f) => path.basename(f) !== 'docs.test.ts')
      .map((f) => fs.readFileSync(f, 'utf8'))
      .filter((t) => t.includes(`'${doc}'`));
    const titles = titledBlocks(text).map((b) => b.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect([title, tests.some((t) => t.includes(`'${title}'`))]).toEqual([title, true]);
  });
});

test('the README is an entry point: at most 400 lines, with a table of contents whose links are its sections', () => {
  const readme = readDoc('README.md');
  expect(readme.split('\n').length).toBeLessThanOrEqual(400);
  const contents = readme.split('\n## Contents\n')[1].split('\n## ')[0];
  const sections = [...prose(readme).matchAll(/^## (.+)$/gm)].map((m) => `#${anchorOf(m[1])}`).filter((a) => a !== '#contents' && a !== '#license');
  expect([...contents.matchAll(/\]\((#[^)]+)\)/g)].map((m) => m[1])).toEqual(sections);
  for (const doc of DOCS.filter((d) => d.startsWith('docs/'))) expect(readme).toContain(`](${doc})`);
});

test("docs/design.md's layout names each folder of lib and lib/core, and only those", () => {
  const layout = readDoc('docs/design.md').split('## Architecture')[1].split('```')[1];
  const named = [...layout.matchAll(/^(lib\/[a-z]+\/|  [a-z]+\/)/gm)].map((m) => m[1].trim());
  const folders = (dir: string) =>
    fs
      .readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${e.name}/`);
  expect(named.filter((n) => n.startsWith('lib/')).sort()).toEqual(
    folders('lib')
      .map((f) => `lib/${f}`)
      .sort(),
  );
  expect(named.filter((n) => !n.startsWith('lib/')).sort()).toEqual(folders('lib/core').sort());
});

test('every flag docs/cli.md names is one the commands read', () => {
  const cli = filesUnder(path.join(root, 'lib', 'cli'), '.ts')
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  const flags = new Set([...readDoc('docs/cli.md').matchAll(/`(--[a-z][a-z0-9-]*)/g)].map((m) => m[1]));
  expect(flags.size).toBeGreaterThan(5);
  for (const flag of flags) expect([flag, cli.includes(`'${flag}'`) || cli.includes(`"${flag}"`)]).toEqual([flag, true]);
});
