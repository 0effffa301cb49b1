// The documentation's tested examples are fenced blocks titled with what they are (```ts title="main.ts"), in README.md
// and docs/*.md; each test reads its block from the file the block lives in.
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..');

/** The text of a documentation file, by its path in the repository (`README.md`, `docs/simulator.md`). */
export function readDoc(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** Every fenced block of `text` that has a `title="..."`, with its title and body, in order. */
export function titledBlocks(text: string): { title: string; body: string }[] {
  return [...text.matchAll(/^```[a-z]* title="([^"\n]+)"\n([\s\S]*?)^```$/gm)].map((m) => ({ title: m[1], body: m[2] }));
}

/** The body of the code block titled `title` in the documentation file `file`; throws when there is not exactly one. */
export function docBlock(file: string, title: string): string {
  const found = titledBlocks(readDoc(file)).filter((b) => b.title === title);
  if (found.length !== 1) throw new Error(`${file}: expected one code block titled "${title}", found ${found.length}`);
  return found[0].body;
}

/** The packages an `npm install` line of the README's install block installs, per line (`--save-dev` lines separately). */
export function readmeInstalls(): { dependencies: string[]; devDependencies: string[] } {
  const out = { dependencies: [] as string[], devDependencies: [] as string[] };
  for (const line of docBlock('README.md', 'install').split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0] !== 'npm' || words[1] !== 'install') continue;
    const specs = words.slice(2).filter((w) => !w.startsWith('-'));
    (words.includes('--save-dev') ? out.devDependencies : out.dependencies).push(...specs);
  }
  return out;
}
