// `cdktf-karpenter-eks validate`: offline checks of Karpenter manifest files. No fs or
// process access here: the caller passes the I/O, so every path is testable in-process.
import { Document, LineCounter, parseAllDocuments } from 'yaml';
import { isPlainObject as isObject } from '../core/json';
import type { MigrationOptions, MigrationReport, MigrationResult } from '../core/api/migrate';
import { Severity, ValidationContext, ValidationIssue } from '../core/issues';
import { toYaml } from '../core/api/yaml';
import { KARPENTER_RELEASE } from '../core/controller/release';
import { expandInputs, joinPath } from './input-files';

/** Size and type of a file, looked up before it is read. */
export interface FileStat {
  readonly size: number;
  readonly isDirectory: boolean;
}

/** What the command reads from and writes to. */
export interface CommandIo {
  /** Reads a file (never called with `-`): its bytes, or text already decoded; throws when it can't. */
  readFile(path: string): Uint8Array | string;
  /** Reads all of standard input: bytes, or decoded text. */
  readStdin(): Uint8Array | string;
  /**
   * Size and type of a file, so a directory or an oversized file is refused before it is read.
   * @default - not looked up; the size is checked after reading
   */
  stat?(path: string): FileStat;
  /**
   * The names in a directory, so `validate DIR` checks the manifest files under it.
   * @default - not available; a directory is refused (NotAFile)
   */
  readDir?(path: string): string[];
  /**
   * The canonical path of a file or directory (symlinks resolved), so a directory walk visits each once.
   * @default - the path itself
   */
  realpath?(path: string): string;
  /** Writes a file, replacing it. */
  writeFile(path: string, content: string): void;
  /** Creates a directory and its parents; no error when it exists. */
  mkdirp(path: string): void;
  /** Standard output. */
  readonly stdout: { write(chunk: string): unknown };
  /** Standard error. */
  readonly stderr: { write(chunk: string): unknown };
}

/** What the command validates and migrates with; tests replace them. */
export interface CommandDependencies {
  /**
   * Validates one manifest.
   * @default - `validateManifest` from the library core
   */
  readonly validate?: (manifest: unknown, ctx: ValidationContext) => ValidationIssue[];
  /**
   * Converts older API versions to v1; gets the file's `yaml` Documents (for their comments).
   * @default - `migrateManifests` from the library core, loaded on first use
   */
  readonly migrate?: (documents: unknown[], options: MigrationOptions) => MigrationResult;
  /**
   * Largest input, in bytes, the command reads.
   * @default MAX_INPUT_BYTES
   */
  readonly maxInputBytes?: number;
}

/** Largest file the command reads: Karpenter manifests are kilobytes; anything near this is the wrong file or hostile. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
/** Deepest nesting of YAML/JSON collections accepted; Karpenter manifests nest about 10 deep. */
export const MAX_NESTING_DEPTH = 256;
/** Most YAML alias expansions per document (the yaml library's guard against "billion laughs"). */
const MAX_ALIAS_COUNT = 100;

/** Exit codes of the command. */
export enum ExitCode {
  /** No errors (and, with `--strict`, no warnings). */
  OK = 0,
  /** Problems found, or an input could not be read or parsed. */
  PROBLEMS = 1,
  /** Bad command line. */
  USAGE = 2,
}

const PROGRAM = 'cdktf-karpenter-eks';
/** API versions `--migrate` converts: karpenter.sh v1alpha5/v1beta1, karpenter.k8s.aws v1alpha1/v1beta1. */
const OLDER_API_VERSIONS = /^karpenter\.(sh|k8s\.aws)\/v1(alpha\d+|beta\d+)$/;
const STDIN = '-';

export const TOP_USAGE = `Usage: ${PROGRAM} <command> [options]

Commands:
  validate <file|dir...>  check Karpenter NodePool and EC2NodeClass manifests offline
  explain <file...>       which instance types each NodePool can launch, and where each pod would go

Run '${PROGRAM} validate --help' for the options of a command.
`;

export const VALIDATE_USAGE = `Usage: ${PROGRAM} validate [options] <file|dir...>

Checks Karpenter v1 NodePool (karpenter.sh/v1) and EC2NodeClass (karpenter.k8s.aws/v1)
manifests against the schema and rules of the Karpenter ${KARPENTER_RELEASE.crdVersion} CRDs, offline. Files are YAML or JSON and
may hold several documents; '-' reads standard input; a directory stands for the *.yaml,
*.yml and *.json files under it (sorted, hidden entries skipped). Each problem is printed as
  <file>:<line>:<column>: <severity> <kind>/<name> <field>: <message> (<code>)
with the position of the field (or of its nearest parent) in the file; <file>#<document>
(counted from 0) replaces the position where there is none (migrated documents). Documents of
other API groups (a Deployment in a bundle) are skipped with a note.

Options:
  --strict                  exit 1 on warnings too
  --silence CODE[,CODE]     do not report these warning codes (may be repeated); an unknown
                            code is reported as a warning (UnknownSilenceCode)
  --fail-on-other-kinds     report documents of other API groups as errors instead of skipping
  --json                    print one JSON object instead of text
  --migrate                 convert v1beta1 / v1alpha5 manifests (Provisioner, AWSNodeTemplate)
                            to v1 first, print what changed, then validate the result
  --role <name>             with --migrate: node IAM role for AWSNodeTemplates without an
                            instanceProfile (v1 EC2NodeClasses need a role or a profile)
  --write-migrated <dir>    with --migrate: write the v1 YAML of each input to <dir>/<file name>
  --output <file>           with --migrate: write all v1 YAML to <file>; '-' writes it to
                            standard output (messages then go to standard error)
  -h, --help                show this help

Exit status: 0 no errors, 1 errors (or warnings with --strict) or an unreadable, malformed
or oversized input (each such file is one error line; the other files are still checked),
2 bad command line.
`;

interface Options {
  readonly files: string[];
  readonly strict: boolean;
  readonly json: boolean;
  readonly migrate: boolean;
  readonly silence: string[];
  readonly failOnOtherKinds: boolean;
  readonly writeMigrated?: string;
  readonly output?: string;
  readonly role?: string;
}

class UsageError extends Error {}

/** One finding, with where it is. */
export interface FileIssue {
  /** Input file as given (`-` for standard input). */
  readonly file: string;
  /** Document index in the file, from 0; undefined for problems with the file itself. */
  readonly document?: number;
  /** `kind` of the document, when known. */
  readonly kind?: string;
  /** `metadata.name` of the document, when known. */
  readonly name?: string;
  /** `error` or `warning`. */
  readonly severity: Severity;
  /** Field path, `(document)` for the whole document, `(file)` for the file. */
  readonly field: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
  /** Stable code. */
  readonly code: string;
  /** 1-based line of the field in the input, when it could be located. */
  readonly line?: number;
  /** 1-based column of the field in the input, when it could be located. */
  readonly column?: number;
}

/** Runs `cdktf-karpenter-eks <argv...>` (argv without `node` and the script) and returns the exit code. */
export function runCli(argv: readonly string[], io: CommandIo, deps: CommandDependencies = {}): number {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr.write(TOP_USAGE);
    return ExitCode.USAGE;
  }
  if (command === '-h' || command === '--help' || command === 'help') {
    io.stdout.write(TOP_USAGE);
    return ExitCode.OK;
  }
  if (command === 'validate') return runValidateCommand(rest, io, deps);
  io.stderr.write(`${PROGRAM}: unknown command '${command}'\n\n${TOP_USAGE}`);
  return ExitCode.USAGE;
}

/** Runs `validate <args...>` and returns the exit code. */
export function runValidateCommand(args: readonly string[], io: CommandIo, deps: CommandDependencies = {}): number {
  let options: Options | 'help';
  try {
    options = parseArgs(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`${PROGRAM} validate: ${e.message}\n\n${VALIDATE_USAGE}`);
    return ExitCode.USAGE;
  }
  if (options === 'help') {
    io.stdout.write(VALIDATE_USAGE);
    return ExitCode.OK;
  }
  return new ValidateRun(options, io, deps).run();
}

/** One parsed document of an input file. */
export interface InputDocument {
  /** Input file as given (`-` for standard input). */
  readonly file: string;
  /** Document index in the file, from 0. */
  readonly index: number;
  /** The document as plain data. */
  readonly value: unknown;
  /** Line and column of `field` (or of its nearest parent) in the file. */
  locate(field: string): { readonly line: number; readonly column: number } | undefined;
}

/**
 * Reads and parses `files` as `validate` does (size and nesting limits, encodings, YAML/JSON syntax, alias
 * bombs): each problem is one issue, and the other files are still read. For other commands (`explain`).
 */
export function readInputDocuments(
  files: readonly string[],
  io: CommandIo,
  deps: CommandDependencies = {},
): { readonly documents: InputDocument[]; readonly issues: readonly FileIssue[] } {
  const options: Options = { files: [...files], strict: false, json: false, migrate: false, silence: [], failOnOtherKinds: false };
  const run = new ValidateRun(options, io, deps);
  const documents = files.flatMap((file) =>
    run.readDocuments(file).map((p) => ({ file, index: p.index, value: p.value, locate: (field: string) => locate(p.doc, p.lines, field) })),
  );
  return { documents, issues: run.problems };
}

function parseArgs(args: readonly string[]): Options | 'help' {
  const files: string[] = [];
  const silence: string[] = [];
  let strict = false;
  let json = false;
  let migrate = false;
  let failOnOtherKinds = false;
  let writeMigrated: string | undefined;
  let output: string | undefined;
  let role: string | undefined;
  let onlyFiles = false;

  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (onlyFiles || arg === STDIN || !arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const inline = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== STDIN)) throw new UsageError(`option '${flag}' needs a value`);
      i++;
      return next;
    };
    const noValue = (): void => {
      if (inline !== undefined) throw new UsageError(`option '${flag}' takes no value, got '${arg}'`);
    };
    switch (flag) {
      case '-h':
      case '--help':
        return 'help';
      case '--strict':
        noValue();
        strict = true;
        break;
      case '--json':
        noValue();
        json = true;
        break;
      case '--migrate':
        noValue();
        migrate = true;
        break;
      case '--fail-on-other-kinds':
        noValue();
        failOnOtherKinds = true;
        break;
      case '--silence': {
        const codes = value()
          .split(',')
          .map((c) => c.trim())
          .filter((c) => c !== '');
        if (codes.length === 0)
          throw new UsageError("option '--silence' needs one or more codes, e.g. --silence NodePoolWithoutLimits (only warnings can be silenced)");
        silence.push(...codes);
        break;
      }
      case '--write-migrated':
        writeMigrated = value();
        break;
      case '--output':
        output = value();
        break;
      case '--role':
        role = value();
        break;
      default:
        throw new UsageError(`unknown option '${arg}'`);
    }
  }

  if (files.length === 0) throw new UsageError('no input files; give one or more files, or - for standard input');
  if (files.filter((f) => f === STDIN).length > 1) throw new UsageError("standard input ('-') can be read only once");
  if ((writeMigrated !== undefined || output !== undefined) && !migrate) {
    throw new UsageError(`${writeMigrated !== undefined ? '--write-migrated' : '--output'} writes migrated manifests and needs --migrate`);
  }
  if (role !== undefined && !migrate) throw new UsageError('--role is used when migrating AWSNodeTemplates and needs --migrate');
  if (json && output === STDIN) throw new UsageError("--json and '--output -' both write to standard output; write the YAML to a file instead");
  const clash = writeMigrated !== undefined ? outputCollision(files, writeMigrated) : undefined;
  if (clash !== undefined) throw new UsageError(clash);
  return { files, strict, json, migrate, silence, failOnOtherKinds, writeMigrated, output, role };
}

/** A NodePool or EC2NodeClass of the run, for the checks across documents. */
interface DeclaredDocument {
  readonly file: string;
  readonly index: number;
  readonly kind: string;
  readonly name: string;
  readonly manifest: Record<string, unknown>;
  readonly where: (field: string) => Position | undefined;
}

interface ParsedDocument {
  readonly index: number;
  readonly value: unknown;
  readonly doc: Document;
  readonly lines: LineCounter;
}

class ValidateRun {
  private readonly issues: FileIssue[] = [];
  private readonly migrations: (MigrationReport & { file: string })[] = [];
  private readonly migratedYaml: string[] = [];
  private readonly silencedErrors = new Set<string>();
  private readonly skipped: SkippedDocument[] = [];
  private readonly declared: DeclaredDocument[] = [];
  private knownWarningCodes?: readonly string[];
  private documents = 0;
  private files = 0;
  private olderApiVersions = 0;
  // With `--output -` stdout carries YAML only.
  private readonly out: { write(chunk: string): unknown };

  constructor(
    private readonly options: Options,
    private readonly io: CommandIo,
    private readonly deps: CommandDependencies,
  ) {
    this.out = options.output === STDIN ? io.stderr : io.stdout;
  }

  public run(): number {
    const files = this.inputFiles();
    if (files === undefined) return ExitCode.USAGE;
    this.files = files.length;
    for (const file of files) this.checkFile(file);
    this.checkAcrossDocuments();
    this.checkSilenceCodes();
    if (this.options.output !== undefined && this.options.output !== STDIN) {
      this.io.writeFile(this.options.output, this.migratedYaml.join(''));
    } else if (this.options.output === STDIN) {
      this.io.stdout.write(this.migratedYaml.join(''));
    }
    this.report();

    const errors = this.issues.filter((i) => i.severity === Severity.ERROR).length;
    const warnings = this.issues.length - errors;
    if (errors > 0 || (this.options.strict && warnings > 0)) return ExitCode.PROBLEMS;
    return ExitCode.OK;
  }

  /** The files to check: each input, a directory standing for the manifest files under it. Undefined after a usage error. */
  private inputFiles(): string[] | undefined {
    const io = this.io;
    // A file given twice is checked once (it would otherwise clash with itself as a DuplicateName).
    if (!io.readDir || !io.stat) return [...new Set(this.options.files)];
    const entries = expandInputs(this.options.files, {
      isDirectory: (p) => io.stat!(p).isDirectory,
      readDir: (p) => io.readDir!(p),
      realpath: io.realpath && ((p) => io.realpath!(p)),
    });
    const files: string[] = [];
    for (const e of entries) {
      if ('file' in e) files.push(e.file);
      else this.add({ file: e.problem.path, severity: e.problem.warning ? Severity.WARNING : Severity.ERROR, field: '(file)', ...e.problem });
    }
    const clash = this.options.writeMigrated !== undefined ? outputCollision(files, this.options.writeMigrated) : undefined;
    if (clash !== undefined) {
      io.stderr.write(`${PROGRAM} validate: ${clash}\n\n${VALIDATE_USAGE}`);
      return undefined;
    }
    return files;
  }

  private checkFile(file: string): void {
    const text = this.readText(file);
    if (text === undefined) return;
    try {
      this.checkText(file, text);
    } catch (e) {
      // Last line of defence: hostile input must cost one line, never the run.
      this.fileError(file, 'InputNotProcessable', `cannot process the file: ${firstLine(e)}`);
    }
  }

  /** The file's text, or undefined after reporting why there is none to check. */
  private readText(file: string): string | undefined {
    const max = this.deps.maxInputBytes ?? MAX_INPUT_BYTES;
    const tooLarge = (size: number) =>
      this.fileError(
        file,
        'FileTooLarge',
        `is ${formatBytes(size)}, more than the ${formatBytes(max)} the command reads; ` +
          'Karpenter manifests are a few kilobytes, check that it is the file you meant',
      );
    let content: Uint8Array | string;
    try {
      if (file !== STDIN && this.io.stat) {
        const st = this.io.stat(file);
        if (st.isDirectory) {
          this.fileError(file, 'NotAFile', `is a directory; give the manifest files in it, e.g. ${joinPath(file, '*.yaml')}`);
          return undefined;
        }
        if (st.size > max) {
          tooLarge(st.size);
          return undefined;
        }
      }
      content = file === STDIN ? this.io.readStdin() : this.io.readFile(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') this.fileError(file, 'NotAFile', `is a directory; give the manifest files in it, e.g. ${joinPath(file, '*.yaml')}`);
      else this.fileError(file, 'FileNotReadable', `cannot read the file: ${firstLine(e)}`);
      return undefined;
    }
    const size = typeof content === 'string' ? content.length : content.byteLength;
    if (size > max) {
      tooLarge(size);
      return undefined;
    }
    let text: string;
    if (typeof content === 'string') {
      text = content;
    } else {
      const utf16 = (content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff);
      const nulByte = utf16 ? -1 : content.indexOf(0);
      if (nulByte >= 0) {
        this.fileError(file, 'BinaryFile', `holds a NUL byte (at byte offset ${nulByte}): a binary file, not YAML or JSON`);
        return undefined;
      }
      const problem = utf8Problem(content);
      if (problem !== undefined) {
        this.fileError(file, 'InvalidUtf8', `is not UTF-8 text: ${problem}; save it as UTF-8 (YAML and JSON manifests are UTF-8)`);
        return undefined;
      }
      text = new TextDecoder('utf-8').decode(content);
    }
    const nul = text.indexOf('\u0000');
    if (nul >= 0) {
      this.fileError(file, 'BinaryFile', `holds a NUL byte (at character ${nul}): a binary file, not YAML or JSON`);
      return undefined;
    }
    return text;
  }

  /** The parsed documents of `file`; an unreadable or malformed input becomes issues (`problems`). */
  public readDocuments(file: string): ParsedDocument[] {
    const text = this.readText(file);
    if (text === undefined) return [];
    try {
      return this.parseText(file, text)?.documents ?? [];
    } catch (e) {
      this.fileError(file, 'InputNotProcessable', `cannot process the file: ${firstLine(e)}`);
      return [];
    }
  }

  /** What reading and checking found so far. */
  public get problems(): readonly FileIssue[] {
    return this.issues;
  }

  private checkText(file: string, text: string): void {
    const parsed = this.parseText(file, text);
    if (parsed === undefined) return;
    if (this.options.migrate) {
      this.migrateAndCheck(file, parsed.documents, parsed.syntaxErrors);
    } else {
      for (const p of parsed.documents) this.checkDocument(file, p.index, p.value, (field) => locate(p.doc, p.lines, field));
    }
  }

  /** The file's documents, or undefined when it holds none to check (the reason is reported). */
  private parseText(file: string, text: string): { documents: ParsedDocument[]; syntaxErrors: boolean } | undefined {
    const depth = nestingDepth(text, MAX_NESTING_DEPTH);
    if (depth !== undefined) {
      this.fileError(
        file,
        'NestingTooDeep',
        `nests collections more than ${MAX_NESTING_DEPTH} deep (at line ${depth.line}); Karpenter manifests nest about 10 deep`,
        depth,
      );
      return undefined;
    }

    const lines = new LineCounter();
    const parsed: ParsedDocument[] = [];
    let syntaxErrors = false;
    const docs = parseAllDocuments(text, { lineCounter: lines });
    if (docs.length === 0) {
      this.add({
        file,
        severity: Severity.WARNING,
        field: '(file)',
        code: 'NoDocuments',
        message: 'the file holds no YAML documents; check that it is the file you meant',
      });
      return undefined;
    }
    // One line per file for syntax errors: the first is what to fix; the rest often follow from it.
    const allErrors = docs.flatMap((doc, index) => doc.errors.map((e) => ({ e, index })));
    if (allErrors.length > 0) {
      syntaxErrors = true;
      const { e, index } = allErrors[0];
      const [line, column] = e.linePos?.[0] ? [e.linePos[0].line, e.linePos[0].col] : [undefined, undefined];
      const more = allErrors.length > 1 ? ` (and ${allErrors.length - 1} more syntax error${allErrors.length === 2 ? '' : 's'})` : '';
      const deep = e.code === 'RESOURCE_EXHAUSTION' || /call stack/i.test(e.message);
      this.add({
        file,
        document: index,
        severity: Severity.ERROR,
        field: '(document)',
        code: deep ? 'NestingTooDeep' : 'YamlSyntaxError',
        message: deep
          ? 'nests collections too deeply for the YAML parser; Karpenter manifests nest about 10 deep'
          : `${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')} [${e.code}]${more}`,
        line,
        column,
      });
    }
    docs.forEach((doc, index) => {
      if (doc.errors.length > 0) return;
      let value: unknown;
      try {
        value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      } catch (e) {
        const aliases = e instanceof ReferenceError && /alias/i.test(e.message);
        const pos = docPosition(doc, lines);
        this.add({
          file,
          document: index,
          severity: Severity.ERROR,
          field: '(document)',
          code: aliases ? 'YamlAliasLimit' : 'YamlSyntaxError',
          message: aliases
            ? `YAML aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT} per document; an "alias bomb"?); ` +
              'write the values out instead of using aliases'
            : `cannot read the document: ${firstLine(e)}`,
          line: pos?.line,
          column: pos?.column,
        });
        syntaxErrors = true;
        return;
      }
      // An empty document (a stray `---`, comments only) holds nothing to check.
      if (value === null || value === undefined) return;
      parsed.push({ index, value, doc, lines });
    });
    return { documents: parsed, syntaxErrors };
  }

  private fileError(file: string, code: string, message: string, pos?: Position): void {
    this.add({ file, severity: Severity.ERROR, field: '(file)', code, message, line: pos?.line, column: pos?.column });
  }

  private migrateAndCheck(file: string, all: ParsedDocument[], syntaxErrors: boolean): void {
    // Documents of other API groups are not the migrator's: skip them, and keep them in the output.
    const other = (p: ParsedDocument) => !this.options.failOnOtherKinds && isObject(p.value) && isOtherApiGroup(p.value);
    for (const p of all.filter(other)) this.skip(file, p.index, p.value as Record<string, unknown>);
    const parsed = all.filter((p) => !other(p));
    const migrate = this.deps.migrate ?? loadMigrator();
    // Documents, not values: the migrator keeps their comments in the output.
    const outcome = migrate(
      parsed.map((p) => p.doc),
      { role: this.options.role },
    );
    // The migrator counts the documents it was given; map back to indexes in the file.
    const fileIndex = (i: number): number => parsed[i]?.index ?? i;

    for (const r of outcome.reports) {
      if (r.changes.length > 0) this.migrations.push({ ...r, document: fileIndex(r.document), file });
    }
    for (const e of outcome.errors) this.add(migrationError(file, e, fileIndex));

    // reports[i] describes manifests[i] and names the input document it came from.
    outcome.manifests.forEach((m, i) => {
      const r = outcome.reports[i] as MigrationReport | undefined;
      const p = r ? parsed[r.document] : undefined;
      // Lines only point at the input when the migrator left the document as it was.
      const unchanged = r !== undefined && r.changes.length === 0;
      this.checkDocument(file, r ? fileIndex(r.document) : i, m, (field) => (unchanged && p ? locate(p.doc, p.lines, field) : undefined));
    });

    const writes = this.options.writeMigrated !== undefined || this.options.output !== undefined;
    if (syntaxErrors || outcome.errors.length > 0) {
      // A partial file would look complete; say it is left out (not on stdout when it carries JSON).
      if (writes)
        (this.options.json ? this.io.stderr : this.out).write(`not writing ${file}: it has errors that prevented migrating every document\n`);
      return;
    }
    // In input order: each skipped document as it was, each migrated one where its input was.
    // Falls back to plain YAML for a result without recorded comments (an injected migrator's).
    const rendered = loadMigratedYaml()(outcome);
    const fromInput = new Map<number, string[]>();
    const unplaced: string[] = [];
    rendered.forEach((text, i) => {
      const r = outcome.reports[i] as MigrationReport | undefined;
      const at = r ? parsed[r.document]?.index : undefined;
      if (at === undefined) unplaced.push(text);
      else fromInput.set(at, [...(fromInput.get(at) ?? []), text]);
    });
    const ordered = all.flatMap((p) => (other(p) ? [toYaml(p.value as object)] : (fromInput.get(p.index) ?? [])));
    const yaml = `---\n${[...ordered, ...unplaced].join('---\n')}`;
    if (this.options.writeMigrated !== undefined) {
      this.io.mkdirp(this.options.writeMigrated);
      this.io.writeFile(joinPath(this.options.writeMigrated, outputName(file)), yaml);
    }
    if (this.options.output !== undefined) this.migratedYaml.push(yaml);
  }

  private checkDocument(file: string, index: number, value: unknown, where: (field: string) => Position | undefined): void {
    this.documents++;
    const obj = isObject(value) ? value : undefined;
    const kind = obj && typeof obj.kind === 'string' ? obj.kind : undefined;
    const metadata = obj && isObject(obj.metadata) ? obj.metadata : undefined;
    const name = metadata && typeof metadata.name === 'string' ? metadata.name : undefined;
    if (!obj) {
      this.add({
        file,
        document: index,
        severity: Severity.ERROR,
        field: '(document)',
        code: 'NotAnObject',
        message: `the document is ${describe(value)}; expected a Kubernetes object with apiVersion, kind, metadata and spec`,
        line: where('')?.line,
        column: where('')?.column,
      });
      return;
    }
    if (typeof obj.apiVersion === 'string' && OLDER_API_VERSIONS.test(obj.apiVersion)) this.olderApiVersions++;
    if (isOtherApiGroup(obj) && !this.options.failOnOtherKinds) {
      this.documents--;
      this.skip(file, index, obj);
      return;
    }
    const validate = this.deps.validate ?? loadValidator();
    let issues: ValidationIssue[];
    try {
      // Only warning codes go to the validator: the command reports unknown ones once, not per document.
      issues = validate(obj, { silence: this.options.silence.filter((code) => this.warningCodes().includes(code)) });
    } catch (e) {
      const pos = where('');
      this.add({
        file,
        document: index,
        kind,
        name,
        severity: Severity.ERROR,
        field: '(document)',
        code: 'InputNotProcessable',
        message: `cannot validate the document: ${firstLine(e)}`,
        line: pos?.line,
        column: pos?.column,
      });
      return;
    }
    for (const i of issues) {
      // --silence is for lint warnings; an error stays an error (and we say so once).
      if (i.severity === Severity.WARNING && this.options.silence.includes(i.code)) continue;
      if (i.severity === Severity.ERROR && this.options.silence.includes(i.code)) this.silencedErrors.add(i.code);
      const pos = where(i.field);
      this.add({
        file,
        document: index,
        kind,
        name,
        severity: i.severity,
        field: i.field,
        // Manifest users get the fix as YAML, not as TypeScript builder advice.
        message: i.yamlMessage ?? i.message,
        code: i.code,
        line: pos?.line,
        column: pos?.column,
      });
    }
    if ((kind === 'NodePool' || kind === 'EC2NodeClass') && name !== undefined && KARPENTER_GROUPS.includes(apiGroupOf(obj.apiVersion))) {
      this.declared.push({ file, index, kind, name, manifest: obj, where });
    }
  }

  /** Checks between the documents of the whole run: duplicate names, and NodePools their EC2NodeClass cannot serve. */
  private checkAcrossDocuments(): void {
    if (this.declared.length === 0) return;
    const { duplicateNameIssues, poolNodeClassIssues } = loadCrossChecks();
    const at = (d: DeclaredDocument, field: string) => d.where(field);
    const place = (d: DeclaredDocument) => {
      const pos = at(d, 'metadata.name');
      return pos ? `${d.file}:${pos.line}` : `${d.file}#${d.index}`;
    };
    const addFor = (d: DeclaredDocument, { yamlMessage, ...issue }: ValidationIssue) => {
      const pos = at(d, issue.field);
      const message = yamlMessage ?? issue.message;
      this.add({ ...issue, message, file: d.file, document: d.index, kind: d.kind, name: d.name, line: pos?.line, column: pos?.column });
    };
    // One run is one cluster: the files of a GitOps directory are applied together.
    const objects = this.declared.map((d) => ({ declared: d, kind: d.kind, name: d.name, cluster: 'run', where: place(d) }));
    for (const { object, issue } of duplicateNameIssues(objects)) addFor(object.declared, issue);
    const classes = this.declared.filter((d) => d.kind === 'EC2NodeClass');
    for (const pool of this.declared.filter((d) => d.kind === 'NodePool')) {
      const spec = isObject(pool.manifest.spec) ? pool.manifest.spec : {};
      const template = isObject(spec.template) && isObject(spec.template.spec) ? spec.template.spec : {};
      const ref = isObject(template.nodeClassRef) ? template.nodeClassRef.name : undefined;
      const matching = classes.filter((c) => c.name === ref);
      if (matching.length !== 1) continue; // not in this run, or a duplicate already reported
      const nc = matching[0];
      for (const issue of poolNodeClassIssues(pool.manifest, nc.manifest, `${JSON.stringify(nc.name)} (${place(nc)})`)) addFor(pool, issue);
    }
  }

  private add(issue: FileIssue): void {
    this.issues.push(issue);
  }

  /** Records a document of another API group as skipped (it still counts as a document). */
  private skip(file: string, document: number, obj: Record<string, unknown>): void {
    this.documents++;
    const metadata = isObject(obj.metadata) ? obj.metadata : undefined;
    this.skipped.push({
      file,
      document,
      apiVersion: String(obj.apiVersion),
      kind: typeof obj.kind === 'string' ? obj.kind : undefined,
      name: metadata && typeof metadata.name === 'string' ? metadata.name : undefined,
    });
  }

  /** Codes `--silence` can take: the library's manifest warning codes. */
  private warningCodes(): readonly string[] {
    if (this.knownWarningCodes === undefined) {
      // An injected validator (tests) has codes of its own: trust every code given.
      this.knownWarningCodes = this.deps.validate ? this.options.silence : loadWarningCodes();
    }
    return this.knownWarningCodes;
  }

  /** `--silence` codes that silence nothing: one warning each, naming the valid codes. */
  private checkSilenceCodes(): void {
    for (const code of new Set(this.options.silence)) {
      if (this.warningCodes().includes(code) || this.silencedErrors.has(code)) continue;
      const known = this.warningCodes();
      const near = known.find((k) => k.toLowerCase() === code.toLowerCase());
      this.add({
        file: '(command line)',
        severity: Severity.WARNING,
        field: '--silence',
        code: 'UnknownSilenceCode',
        message:
          `${JSON.stringify(code)} is not a warning code, so it silences ` +
          `nothing${near ? ` (did you mean "${near}"?)` : ''}; codes that can be silenced: ${known.join(', ')}`,
      });
    }
  }

  private report(): void {
    const errors = this.issues.filter((i) => i.severity === Severity.ERROR).length;
    const warnings = this.issues.length - errors;
    const files = this.files;
    if (this.options.json) {
      this.io.stdout.write(
        `${JSON.stringify(
          {
            issues: this.issues,
            migrations: this.options.migrate ? this.migrations : undefined,
            skipped: this.skipped,
            summary: { files, documents: this.documents, skipped: this.skipped.length, errors, warnings },
          },
          null,
          2,
        )}\n`,
      );
    } else {
      for (const m of this.migrations) this.out.write(formatMigration(m));
      for (const i of this.issues) this.out.write(`${formatFileIssue(i)}\n`);
      for (const d of this.skipped) {
        const at = `${d.file}#${d.document}`;
        this.out.write(`note: skipped ${at} ${d.kind ?? '?'}/${d.name ?? '?'} (${d.apiVersion}): not a Karpenter API group\n`);
      }
      const problems = errors + warnings === 0 ? 'no problems' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
      const migrated = this.options.migrate ? `, ${plural(this.migrations.length, 'document')} migrated` : '';
      const skipped = this.skipped.length > 0 ? ` (${this.skipped.length} skipped)` : '';
      this.out.write(`${plural(files, 'file')}, ${plural(this.documents, 'document')}${skipped}${migrated}: ${problems}\n`);
      if (!this.options.migrate && this.olderApiVersions > 0) {
        this.out.write(
          `hint: ${plural(this.olderApiVersions, 'document')} use${this.olderApiVersions === 1 ? 's' : ''} ` +
            `a pre-v1 Karpenter API; run again with --migrate to convert ${this.olderApiVersions === 1 ? 'it' : 'them'}\n`,
        );
      }
    }
    for (const code of this.silencedErrors) {
      this.io.stderr.write(`note: --silence ${code} has no effect: ${code} is an error, and only warnings can be silenced\n`);
    }
  }
}

/**
 * `<file>:<line>:<column>: <severity> <kind>/<name> <field>: <message> (<code>)`; `<file>#<doc>`
 * replaces the position when there is none, and problems with the file itself have no subject.
 */
export function formatFileIssue(i: FileIssue): string {
  const severity = i.severity === Severity.ERROR ? 'error' : 'warning';
  const at = i.line !== undefined ? `${i.file}:${i.line}:${i.column}` : i.document !== undefined ? `${i.file}#${i.document}` : i.file;
  if (i.document === undefined || (i.field === '(document)' && i.kind === undefined)) {
    const field = i.field.startsWith('(') ? '' : `${i.field}: `;
    return `${at}: ${severity} ${field}${i.message} (${i.code})`;
  }
  return `${at}: ${severity} ${i.kind ?? '?'}/${i.name ?? '?'} ${i.field}: ${i.message} (${i.code})`;
}

/** A document of another API group, left unchecked. */
export interface SkippedDocument {
  readonly file: string;
  readonly document: number;
  readonly apiVersion: string;
  readonly kind?: string;
  readonly name?: string;
}

const KARPENTER_GROUPS = ['karpenter.sh', 'karpenter.k8s.aws'];

/** True for a Kubernetes object of an API group other than Karpenter's (a ConfigMap, a Deployment). */
function isOtherApiGroup(obj: Record<string, unknown>): boolean {
  const { apiVersion, kind } = obj;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || apiVersion === '' || kind === '') return false;
  return !KARPENTER_GROUPS.includes(apiGroupOf(apiVersion));
}

/** The group of an `apiVersion` (`karpenter.sh` of `karpenter.sh/v1`); '' for the core group or a non-string. */
function apiGroupOf(apiVersion: unknown): string {
  return typeof apiVersion === 'string' && apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.lastIndexOf('/')) : '';
}

function formatMigration(m: MigrationReport & { file: string }): string {
  const out = m.output;
  const target = out ? ` -> ${out.kind}/${out.name} (${out.apiVersion})` : '';
  const lines = [`migrated ${m.file}#${m.document} ${m.kind}/${m.name}${target}: ${plural(m.changes.length, 'change')}`];
  for (const c of m.changes) {
    const note = c.note ? ` (${c.note})` : '';
    const field = c.source !== undefined && c.source !== c.field ? `${c.source} -> ${c.field}` : c.field;
    lines.push(`  ${field}: ${renderValue(c.from)} -> ${renderValue(c.to)}${note}`);
  }
  return `${lines.join('\n')}\n`;
}

function migrationError(file: string, e: unknown, fileIndex: (i: number) => number): FileIssue {
  const o = isObject(e) ? e : {};
  const document = typeof o.document === 'number' ? fileIndex(o.document) : undefined;
  return {
    file,
    document,
    kind: typeof o.kind === 'string' ? o.kind : undefined,
    name: typeof o.name === 'string' ? o.name : undefined,
    severity: Severity.ERROR,
    field: typeof o.field === 'string' ? o.field : '(document)',
    message: typeof o.message === 'string' ? o.message : String(e),
    code: typeof o.code === 'string' ? o.code : 'MigrationFailed',
  };
}

function loadValidator(): (manifest: unknown, ctx: ValidationContext) => ValidationIssue[] {
  // Loaded on first use, like the migrator: `--help` and usage errors stay instant.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../core/api/validate') as typeof import('../core/api/validate')).validateManifest;
}

function loadCrossChecks() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { duplicateNameIssues } = require('../core/api/duplicate-names') as typeof import('../core/api/duplicate-names');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { poolNodeClassIssues } = require('../core/api/node-class-compatibility') as typeof import('../core/api/node-class-compatibility');
  return { duplicateNameIssues, poolNodeClassIssues };
}

function loadWarningCodes(): readonly string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../core/api/silence') as typeof import('../core/api/silence')).MANIFEST_WARNING_CODES;
}

function loadMigrator(): (documents: unknown[], options: MigrationOptions) => MigrationResult {
  // Loaded on first use: plain validation does not pay for the migrator.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../core/api/migrate') as typeof import('../core/api/migrate')).migrateManifests;
}

function loadMigratedYaml(): (result: MigrationResult) => string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../core/api/migrate') as typeof import('../core/api/migrate')).migratedManifestsYaml;
}

interface Position {
  readonly line: number;
  readonly column: number;
}

/** Line and column of `field` (`spec.a[2].b`, `tags["x/y"]`), of its nearest existing parent, or of the document. */
function locate(doc: Document, lines: LineCounter, field: string): Position | undefined {
  const path = parseField(field);
  for (let n = path.length; n > 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      const p = lines.linePos(node.range[0]);
      return { line: p.line, column: p.col };
    }
  }
  return docPosition(doc, lines);
}

/** Where the document's content starts. */
function docPosition(doc: Document, lines: LineCounter): Position | undefined {
  const range = (doc.contents as { range?: [number, number, number] } | null)?.range;
  if (!range) return undefined;
  const p = lines.linePos(range[0]);
  return { line: p.line, column: p.col };
}

/**
 * Where flow collections (`[`, `{`) or block indentation first nest deeper than `max`, or
 * undefined. Conservative and linear: quotes and comments are skipped so brackets in strings do
 * not count. It keeps pathological input away from the (recursive) YAML parser.
 */
export function nestingDepth(text: string, max: number): Position | undefined {
  let depth = 0;
  let line = 1;
  let column = 0;
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    column++;
    if (ch === '\n') {
      line++;
      column = 0;
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && ch === ' ') {
      // Block nesting needs at least one column per level.
      if (++indent > max * 8) return { line, column };
      continue;
    }
    lineStart = false;
    if (ch === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if ((ch === '"' || ch === "'") && (i === 0 || /[\s[{,:]/.test(text[i - 1]))) {
      // Skip a quoted scalar ('' escapes ' inside single quotes; \ escapes inside double quotes).
      for (i++; i < text.length; i++) {
        if (text[i] === '\n') {
          line++;
          column = 0;
        } else if (ch === '"' && text[i] === '\\') i++;
        else if (text[i] === ch) {
          if (ch === "'" && text[i + 1] === "'") i++;
          else break;
        }
      }
    } else if (ch === '[' || ch === '{') {
      if (++depth > max) return { line, column };
    } else if ((ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return undefined;
}

/**
 * Why `bytes` is not UTF-8, or undefined when it is. Names UTF-16 (a common Windows editor
 * default) and the offset of the first bad byte.
 */
function utf8Problem(bytes: Uint8Array): string | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'it starts with a UTF-16 byte order mark';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    // Find the first invalid sequence by growing a valid prefix (a fatal decoder names no offset).
    let lo = 0;
    let hi = bytes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (decodesAsPrefix(bytes.subarray(0, mid + 1))) lo = mid + 1;
      else hi = mid;
    }
    // `lo` is where the decoder noticed; a truncated sequence starts at its lead byte before that.
    let start = lo;
    for (let k = 1; k <= 3 && lo - k >= 0; k++) {
      const b = bytes[lo - k];
      if (b >= 0xc0) {
        start = lo - k;
        break;
      }
      if (b < 0x80 || b > 0xbf) break;
    }
    return `invalid byte 0x${(bytes[start] ?? 0).toString(16).padStart(2, '0')} at byte offset ${start}`;
  }
}

/** True when `bytes` is valid UTF-8, allowing it to end in the middle of a character. */
function decodesAsPrefix(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function firstLine(e: unknown): string {
  // Not `instanceof Error`: errors from another realm (a vm, jest) are errors too.
  const m = (e as { message?: unknown } | null)?.message;
  const message = typeof m === 'string' ? m : String(e);
  return message.split('\n')[0];
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${n} bytes`;
}

function parseField(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(field)) !== null) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(JSON.parse(`"${m[3]}"`) as string);
  }
  return out;
}

/** Why `--write-migrated` cannot write `files` into `dir` (two with one base name), or undefined. */
function outputCollision(files: readonly string[], dir: string): string | undefined {
  const seen = new Map<string, string>();
  for (const f of files) {
    const base = outputName(f);
    const other = seen.get(base);
    if (other !== undefined) return `'${other}' and '${f}' would both be written to ${base} in ${dir}; migrate them separately`;
    seen.set(base, f);
  }
  return undefined;
}

function outputName(file: string): string {
  if (file === STDIN) return 'stdin.yaml';
  const base = file.split(/[\\/]/).pop() ?? file;
  return base === '' ? 'manifest.yaml' : base;
}

function describe(x: unknown): string {
  if (Array.isArray(x)) return 'a list';
  if (typeof x === 'string') return `the string ${JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}...` : x)}`;
  return `a ${typeof x}`;
}

function renderValue(x: unknown): string {
  return x === undefined ? '(none)' : JSON.stringify(x);
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
