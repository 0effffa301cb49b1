// The README's consumer set-up is a set of fenced blocks titled with the file they are (```ts title="main.ts").

/** The body of the README code block titled `title`; throws when there is not exactly one. */
export function readmeBlock(readme: string, title: string): string {
  const fence = new RegExp('^```[a-z]* title="' + title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '"\\n([\\s\\S]*?)^```$', 'gm');
  const found = [...readme.matchAll(fence)].map((m) => m[1]);
  if (found.length !== 1) throw new Error(`README: expected one code block titled "${title}", found ${found.length}`);
  return found[0];
}

/** The packages an `npm install` line of the README's install block installs, per line (`--save-dev` lines separately). */
export function readmeInstalls(readme: string): { dependencies: string[]; devDependencies: string[] } {
  const out = { dependencies: [] as string[], devDependencies: [] as string[] };
  for (const line of readmeBlock(readme, 'install').split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0] !== 'npm' || words[1] !== 'install') continue;
    const specs = words.slice(2).filter((w) => !w.startsWith('-'));
    (words.includes('--save-dev') ? out.devDependencies : out.dependencies).push(...specs);
  }
  return out;
}
