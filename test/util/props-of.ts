// The props interfaces and class members of the package entry, read with the TypeScript compiler,
// so tests can check that the names error messages mention exist.
import * as path from 'path';
import * as ts from 'typescript';

const root = path.join(__dirname, '..', '..');

export interface ApiNames {
  /** Property names of each exported interface or type alias (inherited ones included), by its name. */
  readonly propsOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** Static and instance member names of each exported class, by its name. */
  readonly membersOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every file of lib/, for reading message templates. */
  readonly sourceFiles: readonly ts.SourceFile[];
}

let cached: ApiNames | undefined;

/** Reads `lib/index.ts` and what it exports (once per test file: it takes a few seconds). */
export function apiNames(): ApiNames {
  if (cached) return cached;
  const program = ts.createProgram([path.join(root, 'lib/index.ts'), path.join(root, 'lib/testing/index.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    strict: true,
    skipLibCheck: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const entry = checker.getSymbolAtLocation(program.getSourceFile(path.join(root, 'lib/index.ts'))!)!;
  const propsOf = new Map<string, Set<string>>();
  const membersOf = new Map<string, Set<string>>();
  for (const exported of checker.getExportsOfModule(entry)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.getName();
    if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      propsOf.set(name, new Set(checker.getPropertiesOfType(type).map((p) => p.getName())));
    }
    if (symbol.flags & ts.SymbolFlags.Class) {
      const instance = checker.getDeclaredTypeOfSymbol(symbol);
      const statics = checker.getTypeOfSymbolAtLocation(symbol, symbol.valueDeclaration!);
      membersOf.set(name, new Set([...checker.getPropertiesOfType(instance), ...checker.getPropertiesOfType(statics)].map((p) => p.getName())));
    }
  }
  const libDir = path.join(root, 'lib') + path.sep;
  const sourceFiles = program.getSourceFiles().filter((f) => path.normalize(f.fileName).startsWith(libDir));
  cached = { propsOf, membersOf, sourceFiles };
  return cached;
}

/**
 * The text of every string a lib file builds from literals: a string literal, a template (each
 * `${...}` becomes `…`), or a `+` chain of them, each chain once as a whole.
 */
export function stringTemplates(file: ts.SourceFile): string[] {
  const out: string[] = [];
  const textOf = (n: ts.Node): string | undefined => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
    if (ts.isTemplateExpression(n)) return n.head.text + n.templateSpans.map((s) => '…' + s.literal.text).join('');
    if (ts.isParenthesizedExpression(n)) return textOf(n.expression);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const l = textOf(n.left);
      const r = textOf(n.right);
      return l === undefined && r === undefined ? undefined : (l ?? '…') + (r ?? '…');
    }
    return undefined;
  };
  const visit = (n: ts.Node): void => {
    const text = textOf(n);
    if (text !== undefined && !ts.isImportDeclaration(n.parent) && !ts.isExportDeclaration(n.parent)) {
      out.push(text);
      return; // a chain counts once, not once per part
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return out;
}
