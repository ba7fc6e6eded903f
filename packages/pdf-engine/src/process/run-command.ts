import { EngineError } from '../errors.ts';
import { launch } from './launcher.ts';
import { SAFE_PATH } from './path.ts';
import { findExecutable } from './which.ts';

/** A program and its argument array; never passed through a shell. */
export interface CommandSpec {
  command: string;
  args: readonly string[];
  /** Added to the scrubbed environment (e.g. OMP_THREAD_LIMIT for tesseract). */
  env?: Readonly<Record<string, string>>;
}

export interface RunOptions {
  /** The job's temp dir: working directory, HOME and TMPDIR of the process. */
  cwd: string;
  /** The whole process group is killed after this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Cap on captured stdout and on stderr, each; the rest is read and dropped. */
  maxOutputBytes?: number;
  /** Run without network (own, empty network namespace) where `unshare` works. */
  isolateNetwork?: boolean;
  /** `quick` unless given. */
  priority?: EnginePriority;
}

/**
 * How an engine shares the CPU: `quick` at niceness 10, below the server, which must stay responsive;
 * `background` (heavy pools) only on CPU time nothing else wants (SCHED_IDLE): a quick job's engine or
 * the server waking up takes the core at once, where niceness 19 only weighs less (performance log §127).
 */
export type EnginePriority = 'quick' | 'background';
export const ENGINE_NICENESS: Readonly<Record<EnginePriority, number>> = { quick: 10, background: 19 };

export interface CommandResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  truncated: boolean;
  durationMs: number;
}

export interface RunningCommand {
  result: Promise<CommandResult>;
  /** Kills the whole process group. */
  kill(): void;
}

const DEFAULT_MAX_OUTPUT = 1024 * 1024;

const live = new Set<RunningCommand>();

/**
 * Each engine leads a process group of its own (so it can be killed with all it started) but stays in
 * our session: a new session would also be a new scheduling group (the kernel's autogroups), in which
 * neither niceness nor SCHED_IDLE counts against our processes. Node makes a group only by making a
 * session, so perl (in every Debian) makes the group and sets the niceness, then runs the rest.
 * Engines die with the launcher (and it with us) where setpriv can arrange it: a crashed worker leaves
 * no orphans.
 */
const OWN_GROUP = 'setpgrp; setpriority 0, 0, shift; exec { $ARGV[0] } @ARGV or exit 127';

function wrapperPrefix(isolateNetwork: boolean, priority: EnginePriority): string[] {
  const prefix = ['perl', '-e', OWN_GROUP, String(ENGINE_NICENESS[priority])];
  if (priority === 'background' && findExecutable('chrt')) prefix.push('chrt', '--idle', '0');
  if (findExecutable('setpriv')) prefix.push('setpriv', '--pdeathsig', 'KILL', '--');
  if (isolateNetwork) prefix.push('unshare', '--net', '--');
  return prefix;
}

/**
 * glibc's malloc asks for transparent huge pages where the kernel gives them on request (performance log §120):
 * an engine reading a large PDF or decoding a scan then takes a page fault every 2 MB, not every 4 KB.
 * Our own Node processes get the same through scripts/huge-pages.sh.
 */
const HUGE_PAGES = 'glibc.malloc.hugetlb=1';

/** Nothing of the caller's environment (proxies, LD_PRELOAD, secrets) reaches an engine. */
export function scrubbedEnv(cwd: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return { PATH: SAFE_PATH, HOME: cwd, TMPDIR: cwd, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', GLIBC_TUNABLES: HUGE_PAGES, ...extra };
}

/**
 * The only place that starts a process, through the launcher (launcher.ts), so this process never
 * forks itself. Long-lived processes (LibreOffice listeners) use this too and stop through kill() or
 * the signal.
 */
export function startCommand(spec: CommandSpec, options: RunOptions): RunningCommand {
  const started = Date.now();
  const [wrapper, ...wrapperArgs] = wrapperPrefix(options.isolateNetwork ?? false, options.priority ?? 'quick');
  const launched = launch({
    file: wrapper!,
    args: [...wrapperArgs, spec.command, ...spec.args],
    cwd: options.cwd,
    env: scrubbedEnv(options.cwd, spec.env),
    maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT,
  });

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    launched.kill();
  }, options.timeoutMs);
  const onAbort = () => launched.kill();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const result = launched.result.then(
    ({ exitCode, signal, stdout, stderr, truncated }) => {
      cleanup();
      if (options.signal?.aborted) throw options.signal.reason;
      if (timedOut) throw new EngineError('ENGINE_TIMEOUT', `${spec.command} took longer than ${options.timeoutMs} ms.`, { command: spec.command });
      // The wrappers answer 127 when the program itself is missing.
      if (exitCode === 127) throw new EngineError('ENGINE_UNAVAILABLE', `${spec.command} is not installed.`, { command: spec.command });
      return { exitCode, signal, stdout, stderr, truncated, durationMs: Date.now() - started };
    },
    (error: unknown) => {
      cleanup();
      throw new EngineError('ENGINE_UNAVAILABLE', `Could not start ${spec.command}.`, { command: spec.command }, { cause: error });
    },
  );

  const running: RunningCommand = { result, kill: launched.kill };
  const cleanup = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    live.delete(running);
  };
  if (options.signal?.aborted) launched.kill();
  live.add(running);
  return running;
}

/** Runs a command to completion. Non-zero exits resolve (callers know their engine's codes). */
export function runCommand(spec: CommandSpec, options: RunOptions): Promise<CommandResult> {
  return startCommand(spec, options).result;
}

/** Process groups this module has started and not yet seen close (tests assert zero). */
export function liveCommandCount(): number {
  return live.size;
}
