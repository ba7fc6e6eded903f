import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolContext } from '../context.ts';
import { detectEngines } from '../engines.ts';
import { EngineError } from '../errors.ts';
import { sofficeListener, type OfficeFilters } from '../process/commands.ts';
import { startCommand, type RunningCommand } from '../process/run-command.ts';
import { findOfficeBinary } from '../process/which.ts';
import { CONVERTED, NOT_LOADED, OFFICE_PRIORITY, SOCKET_DIR_PREFIX, startDriver, type OfficeDriver } from './driver.ts';
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

/** Listeners live until stopped; the runner still wants a bound (setTimeout's maximum). */
const LISTENER_LIFETIME_MS = 2 ** 31 - 1;
const RESTART_EXIT_CODE = 81;
const DIR_PREFIX = 'wattle-office-';

/** Listener and driver socket dirs left by a worker that was killed (its processes died with it; their dirs did not). */
async function sweepStaleDirs(dir: string, prefix: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [])) {
    const pid = Number(new RegExp(`^${prefix}(\\d+)-`).exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) await rm(join(dir, name), { recursive: true, force: true });
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
  driver?: OfficeDriver;
  docs: number;
  pending: number;
  tail: Promise<unknown>;
  idle?: NodeJS.Timeout;
}

/**
 * Warm LibreOffice: one `soffice --accept` listener per slot, each with a fresh profile, no
 * network (its own empty network namespace) and a scrubbed environment, driven by its own
 * convert.py (driver.ts) for as long as it lives.
 */
export class OfficePool {
  private readonly slots: Slot[];
  private closed = false;
  private swept?: Promise<void>;
  private readonly options: OfficePoolOptions;

  constructor(options: OfficePoolOptions) {
    this.options = options;
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
    ctx.checkAborted();
    let healthy = false;
    try {
      // No listener answered, or the driver crashed (pyuno dies by a signal now and then): neither says
      // anything about the document, which the caller converts cold instead.
      const code = await withDeadline(ctx, slot.driver!.convert(input, output, filters));
      slot.docs++;
      healthy = true;
      if (code === NOT_LOADED) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This document could not be opened.');
      if (code !== CONVERTED) throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This document could not be converted.');
    } finally {
      // A timeout or abort may leave LibreOffice busy with the document: start over.
      if (!healthy || slot.docs >= this.options.restartAfter) await this.stop(slot);
    }
  }

  private async start(slot: Slot): Promise<void> {
    if (slot.listener && slot.driver?.connected) return;
    await this.stop(slot); // what is left of a pair one of which died
    if (this.closed) throw new EngineError('ENGINE_UNAVAILABLE', 'The document converter is shutting down.');
    const engines = await detectEngines();
    if (!engines.uno.available || !engines.soffice.available) throw new EngineError('ENGINE_UNAVAILABLE', 'LibreOffice cannot be kept warm here.');
    this.swept ??= Promise.all([sweepStaleDirs(this.options.baseDir, DIR_PREFIX), sweepStaleDirs(tmpdir(), SOCKET_DIR_PREFIX)]).then(() => {});
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
      priority: OFFICE_PRIORITY,
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
    const driver = await startDriver(slot.dir!, slot.pipe!, this.options.startTimeoutMs).catch(() => undefined);
    if (!driver) {
      listener.kill();
      await exited;
      return 'failed';
    }
    void exited.finally(() => {
      if (slot.driver === driver) void this.stop(slot); // its driver would fail every document
    });
    const outcome = await Promise.race([driver.ready.then((ok) => (ok ? ('ready' as const) : ('failed' as const))), exited.then((code) => (code === RESTART_EXIT_CODE ? ('restart' as const) : ('failed' as const)))]);
    if (outcome === 'ready' && slot.listener === listener) {
      slot.driver = driver;
      return 'ready';
    }
    await driver.stop();
    listener.kill();
    await exited;
    if (slot.listener === listener) slot.listener = undefined;
    return outcome === 'ready' ? 'failed' : outcome;
  }

  private async stop(slot: Slot): Promise<void> {
    clearTimeout(slot.idle);
    const { listener, driver, dir } = slot;
    slot.listener = undefined;
    slot.driver = undefined;
    slot.dir = undefined;
    listener?.kill();
    await Promise.all([listener?.result.catch(() => {}), driver?.stop()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  /** Stops every listener and removes their dirs; waits for running conversions to settle first. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.tail));
    await Promise.all(this.slots.map((slot) => this.stop(slot)));
  }
}

/** The driver's answer, within the job's time for one engine run and until the job is cancelled (as ctx.run). */
async function withDeadline(ctx: ToolContext, answer: Promise<number>): Promise<number> {
  answer.catch(() => {}); // settles after the deadline too, when the slot is stopped
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EngineError('ENGINE_TIMEOUT', `LibreOffice took longer than ${ctx.limits.processTimeoutMs} ms.`, { command: 'soffice' })), ctx.limits.processTimeoutMs);
    onAbort = () => reject(ctx.signal!.reason);
    ctx.signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onAbort!);
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
