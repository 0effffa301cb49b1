// The API report: every name each package entry point exports, with its kind and signature, in
// `api/<entry>.api.md`. `npm run api:update` rewrites the files; `test/api-report.test.ts` fails when they
// differ from the sources, so every change to the public surface shows in review.
// Built on the TypeScript compiler API over the sources (api-extractor needs a build and one config per
// entry, and reports its own findings as errors; this lists the surface and nothing else).
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const REPO = path.resolve(__dirname, '..');

/** The entry points of package.json's `exports`, by source file. */
export const API_ENTRIES: readonly { readonly name: string; readonly importPath: string; readonly source: string }[] = [
  { name: 'root', importPath: 'cdktf-karpenter-eks', source: 'lib/index.ts' },
  { name: 'core', importPath: 'cdktf-karpenter-eks/core', source: 'lib/core/index.ts' },
  { name: 'testing', importPath: 'cdktf-karpenter-eks/testing', source: 'lib/testing/index.ts' },
  { name: 'testing-jest', importPath: 'cdktf-karpenter-eks/testing/jest', source: 'lib/testing/jest.ts' },
];

/** The most names the root entry may export : what an app author writes, no more (plans and validators belong to the core). */
export const MAX_ROOT_NAMES = 150;

/** The most names `cdktf-karpenter-eks/core` may export: what a GitOps tool or another simulator needs, no display helper. */
export const MAX_CORE_NAMES = 250;

export const API_DIR = path.join(REPO, 'api');

/** One exported name. */
export interface ApiEntryName {
  readonly name: string;
  readonly kind: string;
  /** One or more lines describing its shape. */
  readonly lines: readonly string[];
}

const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

function isHidden(decl: ts.Declaration): boolean {
  const flags = ts.getCombinedModifierFlags(decl);
  if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return true;
  // `stripInternal` leaves it out of the published declarations.
  if (ts.getJSDocTags(decl).some((t) => t.tagName.text === 'internal')) return true;
  const name = ts.getNameOfDeclaration(decl);
  return name !== undefined && ts.isPrivateIdentifier(name);
}

/** Types out of the entry's scope print as `import("/abs/path").X`: keep the name only, machine-independent. */
function unqualified(text: string): string {
  return text.replace(/import\("[^"]*"\)\./g, '');
}

function memberLines(checker: ts.TypeChecker, type: ts.Type, where: ts.Node, prefix: string): string[] {
  const out: string[] = [];
  for (const p of checker.getPropertiesOfType(type)) {
    const decl = p.valueDeclaration ?? p.declarations?.[0];
    if (p.name === 'prototype' || (decl && isHidden(decl))) continue;
    // Inherited from a dependency (Construct's `node`, `toString`): the heritage line names the base, and
    // listing them would churn the report on every dependency bump.
    if (decl && decl.getSourceFile().fileName.includes('/node_modules/')) continue;
    const pType = checker.getTypeOfSymbolAtLocation(p, decl ?? where);
    const isMethod = decl !== undefined && (ts.isMethodDeclaration(decl) || ts.isMethodSignature(decl));
    if (isMethod) {
      for (const sig of pType.getCallSignatures()) out.push(`${prefix}${p.name}${checker.signatureToString(sig, where, FORMAT)}`);
      continue;
    }
    const readonly = decl && ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly ? 'readonly ' : '';
    const optional = p.flags & ts.SymbolFlags.Optional ? '?' : '';
    out.push(`${prefix}${readonly}${p.name}${optional}: ${checker.typeToString(pType, where, FORMAT)}`);
  }
  return out.sort();
}

function describe(checker: ts.TypeChecker, symbol: ts.Symbol, where: ts.Node): { kind: string; lines: string[] }[] {
  const out: { kind: string; lines: string[] }[] = [];
  const f = symbol.flags;
  const decl = symbol.declarations?.[0];
  if (f & ts.SymbolFlags.Class) {
    const classDecl = symbol.declarations!.find(ts.isClassDeclaration)!;
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const staticSide = checker.getTypeOfSymbolAtLocation(symbol, classDecl);
    const heritage = (classDecl.heritageClauses ?? []).map((h) => h.getText()).join(' ');
    const abstract = ts.getCombinedModifierFlags(classDecl) & ts.ModifierFlags.Abstract ? 'abstract ' : '';
    const ctors = classDecl.members
      .filter(ts.isConstructorDeclaration)
      .filter((c) => !isHidden(c))
      .map((c) => `  constructor${checker.signatureToString(checker.getSignatureFromDeclaration(c)!, where, FORMAT)}`);
    out.push({
      kind: `${abstract}class`,
      lines: [
        ...(heritage ? [`  ${heritage}`] : []),
        ...ctors,
        ...memberLines(checker, staticSide, where, '  static '),
        ...memberLines(checker, instance, where, '  '),
      ],
    });
  } else if (f & ts.SymbolFlags.Enum) {
    const members = checker.getExportsOfModule(symbol).map((m) => {
      const value = checker.getConstantValue(m.valueDeclaration as ts.EnumMember);
      return `  ${m.name} = ${JSON.stringify(value)}`;
    });
    out.push({ kind: 'enum', lines: members });
  } else if (f & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, decl ?? where);
    out.push({ kind: 'function', lines: type.getCallSignatures().map((s) => `  ${checker.signatureToString(s, where, FORMAT)}`) });
  } else if (f & ts.SymbolFlags.Variable) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, decl ?? where);
    out.push({ kind: 'const', lines: [`  ${checker.typeToString(type, where, FORMAT)}`] });
  }
  if (f & ts.SymbolFlags.Interface) {
    const iface = symbol.declarations!.find(ts.isInterfaceDeclaration)!;
    const heritage = (iface.heritageClauses ?? []).map((h) => h.getText()).join(' ');
    out.push({
      kind: 'interface',
      lines: [...(heritage ? [`  ${heritage}`] : []), ...memberLines(checker, checker.getDeclaredTypeOfSymbol(symbol), where, '  ')],
    });
  }
  if (f & ts.SymbolFlags.TypeAlias) {
    const alias = symbol.declarations!.find(ts.isTypeAliasDeclaration)!;
    out.push({ kind: 'type', lines: [`  ${alias.type.getText().replace(/\s+/g, ' ')}`] });
  }
  return out;
}

/** The exported names of each entry point, sorted, from one program over the sources. */
export function apiNames(repo: string = REPO): Map<string, ApiEntryName[]> {
  const files = API_ENTRIES.map((e) => path.join(repo, e.source));
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(repo, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram(files, { ...config!.options, noEmit: true });
  const checker = program.getTypeChecker();
  const result = new Map<string, ApiEntryName[]>();
  for (const entry of API_ENTRIES) {
    const sf = program.getSourceFile(path.join(repo, entry.source));
    if (!sf) throw new Error(`api-report: ${entry.source} is not in the program`);
    const names: ApiEntryName[] = [];
    for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(sf)!)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const d of describe(checker, target, sf)) names.push({ name: exported.name, kind: d.kind, lines: d.lines });
    }
    names.sort((a, b) => (a.name === b.name ? a.kind.localeCompare(b.kind) : a.name < b.name ? -1 : 1));
    result.set(entry.name, names);
  }
  return result;
}

/** The number of distinct names (a class and its namesake type count once). */
export function distinctNames(names: readonly ApiEntryName[]): number {
  return new Set(names.map((n) => n.name)).size;
}

/** The report file of one entry point. */
export function renderApiReport(importPath: string, names: readonly ApiEntryName[]): string {
  const body = names.map((n) => `${n.kind} ${n.name}\n${n.lines.map((l) => `${unqualified(l)}\n`).join('')}`).join('');
  return (
    `# API report: \`${importPath}\`\n\n` +
    '<!-- Generated by `npm run api:update` (scripts/api-report.ts); do not edit. -->\n\n' +
    `${distinctNames(names)} names.\n\n` +
    '```ts\n' +
    body +
    '```\n'
  );
}

/** The expected content of every report file, by file path; `names` spares a caller that has them a second program. */
export function apiReports(repo: string = REPO, names: Map<string, ApiEntryName[]> = apiNames(repo)): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of API_ENTRIES) out.set(path.join(repo, 'api', `${entry.name}.api.md`), renderApiReport(entry.importPath, names.get(entry.name)!));
  return out;
}

if (require.main === module) {
  fs.mkdirSync(API_DIR, { recursive: true });
  for (const [file, text] of apiReports()) {
    const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    fs.writeFileSync(file, text);
    process.stdout.write(`${old === text ? 'unchanged' : 'updated  '} ${path.relative(REPO, file)}\n`);
  }
}
