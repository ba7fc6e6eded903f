import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { sofficeListener, unoConvert, unoPing, type OfficeFilters } from '../process/commands.ts';
import { runCommand, startCommand, type RunningCommand } from '../process/run-command.ts';
import { findOfficeBinary } from '../process/which.ts';
import { writeProfile } from './profile.ts';

export interface OfficePoolOptions {
  /** Listeners (one conversion each at a time); one per core at most. */
  slots: number;
  /** A listener is replaced after this many documents (LibreOffice grows and may keep state). */
  restartAfter: number;
  /** How long a listener may take to answer after starting. */
  startTimeoutMs: number;
  /** Where listener dirs (profile, HOME) live. */
  baseDir: string;
  /** A listener with no document for this long is stopped (its ~150 MB back); the next document starts one. */
  idleMs: number;
}

const SCRIPT = fileURLToPath(new URL('./convert.py', import.meta.url));
/** Listeners live until stopped; the runner still wants a bound (setTimeout's maximum). */
const LISTENER_LIFETIME_MS = 2 ** 31 - 1;
const RESTART_EXIT_CODE = 81;
const DIR_PREFIX = 'wattle-office-';

/** Listener dirs left by a worker that was killed (its listeners died with it; their dirs did not). */
async function sweepStaleDirs(baseDir: string): Promise<void> {
  for (const name of await readdir(baseDir).catch(() => [])) {
    const pid = Number(new RegExp(`^${DIR_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) await rm(join(baseDir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Slot {
  dir?: string;
  pipe?: string;
  listener?: RunningCommand;
  docs: number;
  pending: number;
  tail: Promise<unknown>;
  idle?: NodeJS.Timeout;
}

/**
 * Warm LibreOffice: one `soffice --accept` listener per slot, each with a fresh profile, no
 * network (its own empty network namespace) and a scrubbed environment, driven by convert.py.
 * 235 ms per 10-page DOCX warm against 1.31 s cold, measured here.
 */
export class OfficePool {
  private readonly slots: Slot[];
  private closed = false;
  private swept?: Promise<void>;

  constructor(private readonly options: OfficePoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.slots) }, () => ({ docs: 0, pending: 0, tail: Promise.resolve() }));
  }

  /** Converts on the least busy slot; ENGINE_UNAVAILABLE when no listener can start or its client crashed (callers go cold). */
  convert(ctx: ToolContext, input: string, output: string, filters: OfficeFilters): Promise<void> {
    const slot = this.slots.reduce((a, b) => (b.pending < a.pending ? b : a));
    slot.pending++;
    clearTimeout(slot.idle);
    const job = slot.tail.then(() => this.convertOn(slot, ctx, input, output, filters));
    slot.tail = job
      .catch(() => {})
      .finally(() => {
        if (--slot.pending === 0 && slot.listener) slot.idle = setTimeout(() => this.stopIdle(slot), this.options.idleMs).unref();
      });
    return job;
  }

  /** Queued behind the slot's work, so a document that arrived meanwhile keeps the listener. */
  private stopIdle(slot: Slot): void {
    if (slot.pending > 0) return;
    slot.tail = slot.tail.then(() => (slot.pending === 0 ? this.stop(slot) : undefined)).catch(() => {});
  }

  private async convertOn(slot: Slot, ctx: ToolContext, input: string, output: string, filters: OfficeFilters): Promise<void> {
    ctx.checkAborted();
    await this.start(slot);
    let healthy = false;
    try {
      const result = await ctx.run(unoConvert(SCRIPT, { pipeName: slot.pipe!, input, output, filters }));
      slot.docs++;
      // No listener answered, or the client crashed (pyuno dies by a signal now and then): neither says
      // anything about the document, which the caller converts cold instead.
      if (result.exitCode === 3 || result.signal) throw new EngineError('ENGINE_UNAVAILABLE', 'The document converter stopped.');
      healthy = true;
      if (result.exitCode === 2) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This document could not be opened.');
      if (result.exitCode !== 0) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This document could not be converted.');
    } finally {
      // A timeout or abort may leave LibreOffice busy with the document: start over.
      if (!healthy || slot.docs >= this.options.restartAfter) await this.stop(slot);
    }
  }

  private async start(slot: Slot): Promise<void> {
    if (slot.listener) return;
    if (this.closed) throw new EngineError('ENGINE_UNAVAILABLE', 'The document converter is shutting down.');
    const engines = await detectEngines();
    if (!engines.uno.available || !engines.soffice.available) throw new EngineError('ENGINE_UNAVAILABLE', 'LibreOffice cannot be kept warm here.');
    this.swept ??= sweepStaleDirs(this.options.baseDir);
    await this.swept;
    slot.dir = await mkdtemp(join(this.options.baseDir, `${DIR_PREFIX}${process.pid}-`));
    slot.pipe = `wattle_${process.pid}_${randomBytes(8).toString('hex')}`;
    slot.docs = 0;
    await writeProfile(join(slot.dir, 'profile'));
    // LibreOffice's binary exits with 81 after initialising a fresh profile and expects a restart.
    for (let attempt = 0; attempt < 2; attempt++) {
      const outcome = await this.launch(slot, engines.networkIsolation);
      if (outcome === 'ready') return;
      if (outcome !== 'restart') break;
    }
    await this.stop(slot);
    throw new EngineError('ENGINE_UNAVAILABLE', 'The document converter did not start.');
  }

  private async launch(slot: Slot, isolateNetwork: boolean): Promise<'ready' | 'restart' | 'failed'> {
    const program = findOfficeBinary() ?? 'soffice';
    const listener = startCommand(sofficeListener(join(slot.dir!, 'profile'), slot.pipe!, program), {
      cwd: slot.dir!,
      timeoutMs: LISTENER_LIFETIME_MS,
      isolateNetwork,
      maxOutputBytes: 64 * 1024,
    });
    slot.listener = listener;
    const exited = listener.result.then(
      (result) => result.exitCode,
      () => null,
    );
    void exited.finally(() => {
      if (slot.listener === listener) slot.listener = undefined;
    });
    const pinging = new AbortController();
    const ping = runCommand(unoPing(SCRIPT, slot.pipe!, this.options.startTimeoutMs / 1000), {
      cwd: slot.dir!,
      timeoutMs: this.options.startTimeoutMs + 5000,
      signal: pinging.signal,
    }).then(
      (result) => (result.exitCode === 0 ? ('ready' as const) : ('failed' as const)),
      () => 'failed' as const,
    );
    const outcome = await Promise.race([ping, exited.then((code) => (code === RESTART_EXIT_CODE ? ('restart' as const) : ('failed' as const)))]);
    pinging.abort();
    await ping;
    if (outcome === 'ready' && slot.listener === listener) return 'ready';
    listener.kill();
    await exited;
    if (slot.listener === listener) slot.listener = undefined;
    return outcome === 'ready' ? 'failed' : outcome;
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimeout(slot.idle);
    const listener = slot.listener;
    slot.listener = undefined;
    listener?.kill();
    await listener?.result.catch(() => {});
    if (slot.dir) await rm(slot.dir, { recursive: true, force: true });
    slot.dir = undefined;
  }

  /** Stops every listener and removes their dirs; waits for running conversions to settle first. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.tail));
    await Promise.all(this.slots.map((slot) => this.stop(slot)));
  }
}

let options: OfficePoolOptions = { slots: 1, restartAfter: 50, startTimeoutMs: 30_000, baseDir: tmpdir(), idleMs: 3 * 60_000 };
let pool: OfficePool | undefined;

/** Settings for the shared pool; takes effect for the next pool (call before first use, or after closing). */
export function configureOffice(overrides: Partial<OfficePoolOptions>): void {
  options = { ...options, ...overrides };
}

export function officePool(): OfficePool {
  pool ??= new OfficePool(options);
  return pool;
}

/** Stops the warm listeners (worker shutdown, end of tests). */
export async function closeOfficePool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.close();
}
