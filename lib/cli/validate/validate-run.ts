// `validate`'s run: reads each input, checks (or migrates, then checks) every document and the
// documents against each other, then writes the report. No fs or process access here: the caller passes
// the I/O, so every path is testable in-process.
import { isPlainObject as isObject, show } from '../../core/json';
import type { MigrationOptions, MigrationReport, MigrationResult } from '../../core/migrate/migrate-manifests';
import type { NodePoolPlanContext, PlannedNodePool } from '../../core/api/node-pool-plan';
import { Severity, ValidationContext, ValidationIssue } from '../../core/issues';
import { nodeClassRefName } from '../../core/model/node-class-ref';
import { toYaml } from '../../core/model/yaml';
import { CommandDependencies, CommandIo, ExitCode, FileIssue, Position, PROGRAM, STDIN } from '../command-io';
import { expandInputs, joinPath } from '../input-files';
import { inputObjects, isTerraformExpression, readFromCluster, stackName, withoutStatus } from '../input-objects';
import { apiGroupOf, isOtherApiGroup, isUncheckedKarpenterKind, isV1NodePool, KARPENTER_GROUPS } from './validate-kinds';
import { firstLine, InputDocument, InputReader, locate, ParsedDocument } from '../input-reader';
import { readCommandLine } from '../args';
import { Options, outputCollision, outputName, parseArgs, VALIDATE_USAGE } from './validate-args';
import { NO_API_VERSION, SkippedDocument, writeReport } from './validate-format';
import { suggestOne } from '../../core/shared/suggest';

/** API versions `--migrate` converts: karpenter.sh v1alpha5/v1beta1, karpenter.k8s.aws v1alpha1/v1beta1. */
const OLDER_API_VERSIONS = /^karpenter\.(sh|k8s\.aws)\/v1(alpha\d+|beta\d+)$/;

/** Runs `validate <args...>` and returns the exit code. */
export function runValidateCommand(args: readonly string[], io: CommandIo, deps: CommandDependencies = {}): number {
  const options = readCommandLine('validate', VALIDATE_USAGE, args, io, parseArgs);
  if (typeof options === 'number') return options;
  return new ValidateRun(options, io, deps).run();
}

/** A document of the run, as its checks name it. */
interface CheckedDocument {
  readonly file: string;
  readonly index: number;
  readonly kind?: string;
  readonly name?: string;
  readonly manifest: Record<string, unknown>;
  readonly where: (field: string) => Position | undefined;
  /** Inside a synthesized stack: the resource address. */
  readonly address?: string;
}

/** A NodePool or EC2NodeClass of the run, for the checks across documents. */
interface DeclaredDocument extends CheckedDocument {
  readonly kind: string;
  readonly name: string;
}

/** A NodePool whose checks wait for the run's EC2NodeClasses; its issues go where its document was. */
interface PendingNodePool {
  readonly document: CheckedDocument;
  /** Index into the run's issues at which the pool's issues are inserted. */
  readonly slot: number;
}

/** One `validate` run over its input files; `run()` writes the report and returns the exit code. */
class ValidateRun {
  private readonly issues: FileIssue[] = [];
  private readonly migrations: (MigrationReport & { file: string })[] = [];
  private readonly migratedYaml: string[] = [];
  private readonly silencedErrors = new Set<string>();
  private readonly skipped: SkippedDocument[] = [];
  private readonly skippedDirectories: string[] = [];
  /** Files a directory walk found (not named): a document without apiVersion and kind in one is skipped, not an error. */
  private readonly walkedFiles = new Set<string>();
  private readonly declared: DeclaredDocument[] = [];
  private readonly pendingPools: PendingNodePool[] = [];
  private knownWarningCodes?: readonly string[];
  private documents = 0;
  private files = 0;
  private olderApiVersions = 0;
  /** An input could not be read or is not a Kubernetes object: exit 2, as a finding would be 1. */
  private badInput = false;
  // With `--output -` stdout carries YAML only.
  private readonly out: { write(chunk: string): unknown };
  private readonly reader: InputReader;

  constructor(
    private readonly options: Options,
    private readonly io: CommandIo,
    private readonly deps: CommandDependencies,
  ) {
    this.out = options.output === STDIN ? io.stderr : io.stdout;
    this.reader = new InputReader(io, deps, (i) => this.addInputProblem(i));
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
    if (this.badInput) return ExitCode.USAGE;
    if (errors > 0 || (this.options.strict && warnings > 0)) return ExitCode.PROBLEMS;
    return ExitCode.OK;
  }

  /** The files to check: each input, a directory standing for the manifest files under it. Undefined after a usage error. */
  private inputFiles(): string[] | undefined {
    const io = this.io;
    // A file given twice is checked once (it would otherwise clash with itself as a DuplicateName).
    if (!io.readDir || !io.stat) return [...new Set(this.options.files)];
    const entries = expandInputs(
      this.options.files,
      {
        isDirectory: (p) => io.stat!(p).isDirectory,
        readDir: (p) => io.readDir!(p),
        realpath: io.realpath && ((p) => io.realpath!(p)),
      },
      this.options.ignore,
    );
    const files: string[] = [];
    for (const e of entries) {
      if ('file' in e) {
        files.push(e.file);
        if (e.walked) this.walkedFiles.add(e.file);
      } else if ('skippedDirectory' in e) this.skippedDirectories.push(e.skippedDirectory);
      else
        this.addInputProblem({
          file: e.problem.path,
          severity: e.problem.warning ? Severity.WARNING : Severity.ERROR,
          field: '(file)',
          ...e.problem,
        });
    }
    const clash = this.options.writeMigrated !== undefined ? outputCollision(files, this.options.writeMigrated) : undefined;
    if (clash !== undefined) {
      io.stderr.write(`${PROGRAM} validate: ${clash}\n\n${VALIDATE_USAGE}`);
      return undefined;
    }
    return files;
  }

  private checkFile(file: string): void {
    if (!this.options.migrate) {
      // As explain reads it: the fast reader, Lists expanded, a synthesized stack's kubernetes_manifest objects.
      for (const d of this.reader.readValues(file)) {
        try {
          this.checkObjects(file, d);
        } catch (e) {
          this.reader.fileError(file, 'InputNotProcessable', `cannot process the file: ${firstLine(e)}`);
        }
      }
      return;
    }
    const text = this.reader.readText(file);
    if (text === undefined) return;
    try {
      this.checkText(file, text);
    } catch (e) {
      // Last line of defence: hostile input must cost one line, never the run.
      this.reader.fileError(file, 'InputNotProcessable', `cannot process the file: ${firstLine(e)}`);
    }
  }

  private checkText(file: string, text: string): void {
    const parsed = this.reader.parseText(file, text);
    if (parsed !== undefined) this.migrateAndCheck(file, parsed.documents, parsed.syntaxErrors);
  }

  /** The objects of a document: itself, or each kubernetes_manifest of a synthesized stack (none: skipped). */
  private checkObjects(file: string, d: Omit<InputDocument, 'file'>): void {
    const objects = inputObjects(d.value);
    if (objects.length === 0) {
      this.skip(file, d.index, { apiVersion: 'cdk.tf.json', kind: 'TerraformStack', metadata: { name: stackName(d.value) } });
      return;
    }
    for (const o of objects) {
      const at = o.at;
      const where = at === undefined ? (f: string) => d.locate(f) : (f: string) => d.locate(f === '' ? at : `${at}.${f}`);
      this.checkDocument(file, d.index, o.value, where, o.address);
    }
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

  private checkDocument(file: string, index: number, value: unknown, where: (field: string) => Position | undefined, address?: string): void {
    this.documents++;
    const read = isObject(value) ? value : undefined;
    // `kubectl get -o yaml` prints the controller's status: on an object read from a cluster it is expected.
    const obj = read && 'status' in read && readFromCluster(read) ? withoutStatus(read) : read;
    const kind = obj && typeof obj.kind === 'string' ? obj.kind : undefined;
    const metadata = obj && isObject(obj.metadata) ? obj.metadata : undefined;
    const name = metadata && typeof metadata.name === 'string' ? metadata.name : undefined;
    if (!obj) {
      this.addInputProblem({
        file,
        document: index,
        severity: Severity.ERROR,
        field: '(document)',
        code: 'NotAnObject',
        message: `the document is ${show(value, 'typed')}; expected a Kubernetes object with apiVersion, kind, metadata and spec`,
        line: where('')?.line,
        column: where('')?.column,
      });
      return;
    }
    if (typeof obj.apiVersion === 'string' && OLDER_API_VERSIONS.test(obj.apiVersion)) this.olderApiVersions++;
    // package.json, tsconfig.json, a Helm values file: no Kubernetes object lacks both, and `validate .` meets them.
    const notAnObject = this.walkedFiles.has(file) && obj.apiVersion === undefined && obj.kind === undefined;
    if ((isOtherApiGroup(obj) && !this.options.failOnOtherKinds) || isUncheckedKarpenterKind(obj) || notAnObject) {
      this.documents--;
      this.skip(file, index, obj);
      return;
    }
    const document: CheckedDocument = { file, index, kind, name, manifest: obj, where, address };
    if ((kind === 'NodePool' || kind === 'EC2NodeClass') && name !== undefined && KARPENTER_GROUPS.includes(apiGroupOf(obj.apiVersion))) {
      this.declared.push({ ...document, kind, name });
    }
    // A v1 NodePool is checked with its EC2NodeClass (planNodePool), once every file is read.
    if (!this.deps.validate && isV1NodePool(obj)) {
      this.pendingPools.push({ document, slot: this.issues.length });
      return;
    }
    const validate = this.deps.validate ?? loadValidator();
    this.checkWith(document, () => validate(obj, this.validationContext(document)));
  }

  /**
   * Only warning codes go to the validator: the command reports unknown ones once, not per document. In a synthesized
   * stack a Terraform expression is known at apply only, as synth treats its tokens.
   */
  private validationContext(d?: CheckedDocument): ValidationContext {
    const silence = this.options.silence.filter((code) => this.warningCodes().includes(code));
    return d?.address !== undefined ? { silence, isUnresolved: isTerraformExpression } : { silence };
  }

  /** Adds the issues `check` finds on a document, or one error when it throws. */
  private checkWith(d: CheckedDocument, check: () => readonly ValidationIssue[], add = (i: FileIssue) => this.add(i)): void {
    const { file, index, kind, where } = d;
    const name = d.address !== undefined ? `${d.name ?? '?'} (${d.address})` : d.name;
    let issues: readonly ValidationIssue[];
    try {
      issues = check();
    } catch (e) {
      const pos = where('');
      add({
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
      add({
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
  }

  /** Each NodePool with its EC2NodeClass when the run has exactly one of that name; its issues where its document was. */
  private checkNodePools(): void {
    if (this.pendingPools.length === 0) return;
    const plan = loadNodePoolPlan();
    const classes = this.declared.filter((d) => d.kind === 'EC2NodeClass');
    // From the last, so the earlier slots stay where they are.
    for (const { document: pool, slot } of [...this.pendingPools].reverse()) {
      const ref = nodeClassRefName(pool.manifest);
      // A name in several files (overlays): the class of the pool's own file.
      const named = classes.filter((c) => c.name === ref);
      const matching = named.length > 1 ? named.filter((c) => c.file === pool.file) : named;
      // Not in this run, or a duplicate name (reported): the checks that need the class are skipped.
      const nc = matching.length === 1 ? matching[0] : undefined;
      const found: FileIssue[] = [];
      const ctx = { ...this.validationContext(pool), nodeClass: nc?.manifest, nodeClassName: nc && `${JSON.stringify(nc.name)} (${place(nc)})` };
      this.checkWith(
        pool,
        () => plan(pool.manifest, ctx).issues,
        (i) => found.push(i),
      );
      this.issues.splice(slot, 0, ...found);
    }
  }

  /** Checks between the documents of the whole run: each NodePool with its EC2NodeClass, and duplicate names. */
  private checkAcrossDocuments(): void {
    this.checkNodePools();
    if (this.declared.length === 0) return;
    const duplicateNameIssues = loadDuplicateNameCheck();
    const addFor = (d: DeclaredDocument, { yamlMessage, ...issue }: ValidationIssue) => {
      const pos = d.where(issue.field);
      const message = yamlMessage ?? issue.message;
      this.add({ ...issue, message, file: d.file, document: d.index, kind: d.kind, name: d.name, line: pos?.line, column: pos?.column });
    };
    // Files may be overlays for different clusters: a name in two files is an error only with --same-cluster.
    const objects = this.declared.map((d) => ({ declared: d, kind: d.kind, name: d.name, cluster: 'run', where: place(d), source: d.file }));
    for (const { object, issue } of duplicateNameIssues(objects, { sourcesShareCluster: this.options.sameCluster })) {
      const hint = issue.severity === Severity.WARNING ? '; pass --same-cluster when the files are for one cluster (then this is an error)' : '';
      addFor(object.declared, { ...issue, message: `${issue.message}${hint}` });
    }
  }

  private add(issue: FileIssue): void {
    this.issues.push(issue);
  }

  /** A problem with an input itself (unreadable, malformed, not an object): reported, and the exit status is 2. */
  private addInputProblem(issue: FileIssue): void {
    if (issue.severity === Severity.ERROR) this.badInput = true;
    this.add(issue);
  }

  /** Records a document of another API group as skipped (it still counts as a document). */
  private skip(file: string, document: number, obj: Record<string, unknown>): void {
    this.documents++;
    const metadata = isObject(obj.metadata) ? obj.metadata : undefined;
    this.skipped.push({
      file,
      document,
      apiVersion: typeof obj.apiVersion === 'string' ? obj.apiVersion : NO_API_VERSION,
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
      const near = suggestOne(code, known);
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
    writeReport(
      {
        issues: this.issues,
        migrations: this.migrations,
        skipped: this.skipped,
        skippedDirectories: this.skippedDirectories,
        silencedErrors: this.silencedErrors,
        files: this.files,
        documents: this.documents,
        olderApiVersions: this.olderApiVersions,
        json: this.options.json,
        migrate: this.options.migrate,
      },
      this.io.stdout,
      this.out,
      this.io.stderr,
    );
  }
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
  return (require('../../core/validation/validate') as typeof import('../../core/validation/validate')).validateManifest;
}

function loadNodePoolPlan(): (nodePool: unknown, ctx: NodePoolPlanContext) => PlannedNodePool<unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/api/node-pool-plan') as typeof import('../../core/api/node-pool-plan')).planNodePool;
}

/** `file:line` of a document's name, or `file#index`. */
function place(d: DeclaredDocument): string {
  const pos = d.where('metadata.name');
  return pos ? `${d.file}:${pos.line}` : `${d.file}#${d.index}`;
}

function loadDuplicateNameCheck(): typeof import('../../core/validation/duplicate-names').duplicateNameIssues {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/validation/duplicate-names') as typeof import('../../core/validation/duplicate-names')).duplicateNameIssues;
}

function loadWarningCodes(): readonly string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/validation/silence') as typeof import('../../core/validation/silence')).MANIFEST_WARNING_CODES;
}

function loadMigrator(): (documents: unknown[], options: MigrationOptions) => MigrationResult {
  // Loaded on first use: plain validation does not pay for the migrator.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/migrate/migrate-manifests') as typeof import('../../core/migrate/migrate-manifests')).migrateManifests;
}

function loadMigratedYaml(): (result: MigrationResult) => string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../../core/migrate/migrate-manifests') as typeof import('../../core/migrate/migrate-manifests')).migratedManifestsYaml;
}
