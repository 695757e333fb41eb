import { execFile, spawn } from 'node:child_process';
import { access, constants, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pLimit, { type LimitFunction } from 'p-limit';
import { bubblewrapArguments } from '#code-sandbox';
import { fileSignatureOf, type LibreOfficeTarget } from '#contracts';
import { OfficeError } from '../office-error.js';

export interface LibreOfficeSettings {
  /** LibreOffice's launcher (Debian: /usr/bin/soffice). */
  sofficePath: string;
  /** bubblewrap, which runs each conversion without network and with no view of the host's files. */
  bwrapPath: string;
  /** `false` only where the operator has chosen to run conversions unsandboxed (see the README). */
  sandbox: boolean;
  /** Conversions at once; each LibreOffice holds 100–300 MB. */
  maxRunning: number;
  /** Where each conversion's private directory is made (default: /dev/shm where there is one, else the temp dir). */
  workRoot?: string;
}

/** The legacy binary (OLE) formats' LibreOffice filter, by what the document becomes. */
const OLE_FILTERS: Record<LibreOfficeTarget, string> = {
  docx: 'MS Word 97',
  xlsx: 'MS Excel 97',
  pdf: 'MS PowerPoint 97',
};

/** Above this, a converted file is not read back (the readers' own limits then apply). */
const MAX_OUTPUT_BYTES = 200 * 1024 * 1024;

/**
 * Legacy and open office formats (.doc, .odt, .rtf, .xls, .ods, .pptx, …) converted by headless
 * LibreOffice into .docx, .xlsx or PDF, which Trawl's own readers then turn into markdown. Each
 * conversion runs in a fresh profile in a private directory (in memory under /dev/shm where there
 * is one) that is removed afterwards, and, by default, inside bubblewrap: no network, so a
 * document's linked images and OLE links cannot reach the internal network, and no host files but
 * the program itself, so links to local files read nothing.
 */
export class LibreOfficeConverter {
  private readonly limit: LimitFunction;
  private missing?: Promise<string | undefined>;

  constructor(private readonly settings: LibreOfficeSettings) {
    this.limit = pLimit(Math.max(1, settings.maxRunning));
  }

  /** Why this server cannot convert (a missing program, a sandbox that cannot start), or undefined when it can. */
  unavailableReason(): Promise<string | undefined> {
    this.missing ??= this.findMissing();
    return this.missing;
  }

  async convert(
    bytes: Uint8Array,
    extension: string,
    target: LibreOfficeTarget,
    timeoutMs: number,
  ): Promise<Uint8Array> {
    // Time spent waiting for a free LibreOffice counts against the caller's deadline.
    const deadline = Date.now() + timeoutMs;
    const reason = await this.unavailableReason();
    if (reason) throw new OfficeError('FEATURE_NOT_AVAILABLE', reason);
    return this.limit(() => this.convertNow(bytes, extension, target, deadline));
  }

  private async convertNow(
    bytes: Uint8Array,
    extension: string,
    target: LibreOfficeTarget,
    deadline: number,
  ): Promise<Uint8Array> {
    const filter = inputFilterOf(bytes, target);
    if (filter === undefined) {
      throw new OfficeError('SCRAPE_DOCUMENT_INVALID', `The file is not a ${extension} document`);
    }
    const root = this.settings.workRoot ?? (await privateTempRoot());
    const directory = await mkdtemp(join(root, 'trawl-office-'));
    try {
      const input = `document${/^\.[a-z0-9]+$/.test(extension) ? extension : ''}`;
      await writeFile(join(directory, input), bytes, { mode: 0o600 });
      await mkdir(join(directory, 'out'));
      const command = this.command(directory, input, target, filter);
      const { status, stderr } = await runWithin(command, deadline - Date.now());
      if (status === 'timeout') {
        throw new OfficeError('SCRAPE_TIMEOUT', 'LibreOffice did not finish converting the document in time');
      }
      if (this.settings.sandbox && /^bwrap:/m.test(stderr)) {
        throw new OfficeError('FEATURE_NOT_AVAILABLE', sandboxFailure(stderr));
      }
      const output = join(directory, 'out', `document.${target}`);
      const size = (await stat(output).catch(() => undefined))?.size ?? 0;
      if (size === 0) {
        throw new OfficeError(
          'SCRAPE_DOCUMENT_INVALID',
          `LibreOffice could not read the ${extension} document`,
        );
      }
      if (size > MAX_OUTPUT_BYTES) {
        throw new OfficeError(
          'SCRAPE_DOCUMENT_INVALID',
          `The ${extension} document converts to more than ${MAX_OUTPUT_BYTES / 1024 / 1024} MB and was not read`,
        );
      }
      // Awaited here: returned unawaited, the read would race the `rm` below (and lose, now and then).
      return await readFile(output);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /** The program and arguments of one conversion of `directory/input` into `directory/out`. */
  private command(
    directory: string,
    input: string,
    target: LibreOfficeTarget,
    filter: string | null,
  ): [string, string[]] {
    const inSandbox = this.settings.sandbox;
    const job = inSandbox ? '/job' : directory;
    const soffice = [
      this.settings.sofficePath,
      '--headless',
      '--norestore',
      '--nolockcheck',
      `-env:UserInstallation=file://${job}/profile`,
      ...(filter ? [`--infilter=${filter}`] : []),
      '--convert-to',
      target,
      '--outdir',
      `${job}/out`,
      `${job}/${input}`,
    ];
    if (!inSandbox) return [soffice[0] as string, soffice.slice(1)];
    return [this.settings.bwrapPath, [...sandboxArguments(directory), ...soffice]];
  }

  private async findMissing(): Promise<string | undefined> {
    const missing: string[] = [];
    if (!(await isExecutable(this.settings.sofficePath))) {
      missing.push(
        `LibreOffice (${this.settings.sofficePath}; Debian packages libreoffice-writer-nogui, libreoffice-calc-nogui and libreoffice-impress-nogui)`,
      );
    }
    if (this.settings.sandbox && !(await isExecutable(this.settings.bwrapPath))) {
      missing.push(
        `bubblewrap (${this.settings.bwrapPath}; Debian package bubblewrap), or OFFICE_SANDBOX=off`,
      );
    }
    if (missing.length > 0)
      return `Office conversion is not set up on this server: missing ${missing.join(' and ')}`;
    if (!this.settings.sandbox) return undefined;
    // The sandbox needs user namespaces, which some container runtimes refuse.
    return promisify(execFile)(this.settings.bwrapPath, [...sandboxArguments(tmpdir()), '/bin/true']).then(
      () => undefined,
      (error: { stderr?: string; message: string }) => sandboxFailure(error.stderr || error.message),
    );
  }
}

/**
 * The LibreOffice filter that reads a document, by its signature: LibreOffice itself tells the ZIP
 * formats apart (OOXML, OpenDocument; a ZIP of anything else fails to load), but it reads a file it
 * cannot place as plain text, so binary and RTF files are read with their format's filter, which
 * fails on a damaged one. Undefined: no office format starts this way.
 */
function inputFilterOf(bytes: Uint8Array, target: LibreOfficeTarget): string | null | undefined {
  const signature = fileSignatureOf(bytes);
  if (signature === 'zip') return null;
  if (signature === 'ole') return OLE_FILTERS[target];
  if (signature === 'rtf' && target === 'docx') return 'Rich Text Format';
  return undefined;
}

/** LibreOffice in bubblewrap: its settings and fonts read-only, the job directory at /job. */
function sandboxArguments(directory: string): string[] {
  return bubblewrapArguments({
    readOnly: ['/etc/libreoffice', '/etc/fonts', '/etc/ld.so.cache'],
    workdir: { host: directory, at: '/job' },
  });
}

function sandboxFailure(stderr: string): string {
  const line = stderr.split('\n').find((text) => text.startsWith('bwrap:')) ?? stderr.trim();
  return `Office conversion's sandbox cannot start on this server (${line}); allow user namespaces, or set OFFICE_SANDBOX=off to convert without it`;
}

/** Runs a program in its own process group, killing the whole group (LibreOffice forks) past the deadline. */
function runWithin(
  [program, args]: [string, string[]],
  timeoutMs: number,
): Promise<{ status: 'exited' | 'timeout'; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        killGroup(child.pid);
      },
      Math.max(0, timeoutMs),
    );
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', () => {
      clearTimeout(timer);
      killGroup(child.pid);
      resolve({ status: timedOut ? 'timeout' : 'exited', stderr });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group has already exited.
  }
}

/** /dev/shm keeps a document in memory while it is converted; elsewhere the system's temp directory. */
async function privateTempRoot(): Promise<string> {
  return (await isWritableDirectory('/dev/shm')) ? '/dev/shm' : tmpdir();
}

const isWritableDirectory = (path: string) => canAccess(path, constants.W_OK);
const isExecutable = (path: string) => canAccess(path, constants.X_OK);

function canAccess(path: string, mode: number): Promise<boolean> {
  return access(path, mode).then(
    () => true,
    () => false,
  );
}
