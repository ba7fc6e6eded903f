import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { EngineError } from '../errors.ts';
import { unoDriver, type OfficeFilters } from '../process/commands.ts';
import { startCommand, type EnginePriority } from '../process/run-command.ts';

const SCRIPT = fileURLToPath(new URL('./convert.py', import.meta.url));
/** The driver lives as long as its listener; the runner still wants a bound (setTimeout's maximum). */
const LIFETIME_MS = 2 ** 31 - 1;

/** Only the office pool's jobs (a heavy pool) convert in the listeners, so they and their drivers yield the cores as those jobs' other engines do. */
export const OFFICE_PRIORITY: EnginePriority = 'background';
/** Socket dirs are named after the worker's pid, so the pool can sweep those of a worker that was killed. */
export const SOCKET_DIR_PREFIX = 'wattle-uno-';

/** convert.py's answers: the document was converted, could not be loaded, or could not be exported. */
export const CONVERTED = 0;
export const NOT_LOADED = 2;

/**
 * A warm listener's UNO client (convert.py), started once with the listener instead of once a document:
 * a python3 start and `import uno` cost 75 ms a document here (performance log §121). It converts one document at
 * a time, sent over a Unix socket the pool listens on, in a private dir under the system's temp dir (a
 * socket's path may be at most 107 bytes, and the pool's dir can be deeper).
 */
export interface OfficeDriver {
  /** Resolves true once the driver has reached the listener and the pool; false if it gave up or died first. */
  ready: Promise<boolean>;
  /** Still connected to the pool: false once it has died, say between two documents. */
  readonly connected: boolean;
  /** convert.py's code for the document; rejects with ENGINE_UNAVAILABLE when the driver is gone (pyuno crashes now and then). */
  convert(input: string, output: string, filters: OfficeFilters): Promise<number>;
  /** Kills it and removes its socket; waits until it is gone. */
  stop(): Promise<void>;
}

export async function startDriver(cwd: string, pipe: string, connectTimeoutMs: number): Promise<OfficeDriver> {
  const socketDir = await mkdtemp(join(tmpdir(), `${SOCKET_DIR_PREFIX}${process.pid}-`));
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(join(socketDir, 's'), resolve));
  const running = startCommand(unoDriver(SCRIPT, pipe, join(socketDir, 's'), connectTimeoutMs / 1000), { cwd, timeoutMs: LIFETIME_MS, priority: OFFICE_PRIORITY });
  const exited = running.result.catch(() => undefined);

  let socket: Socket | undefined;
  let answer: { resolve(code: number): void; reject(error: Error): void } | undefined;
  const gone = () => new EngineError('ENGINE_UNAVAILABLE', 'The document converter stopped.');
  const connected = new Promise<Socket>((resolve) => server.once('connection', resolve));
  const ready = Promise.race([connected, exited.then(() => undefined)]).then((client) => {
    server.close(); // one driver, one connection
    if (!client) return false;
    socket = client;
    createInterface({ input: client }).on('line', (line) => {
      const waiting = answer;
      answer = undefined;
      const code = Number(/^\{"code": (\d+)\}$/.exec(line)?.[1]);
      if (Number.isInteger(code)) waiting?.resolve(code);
      else waiting?.reject(gone());
    });
    client.on('error', () => {}); // a crash resets the connection: 'close' tells the waiting conversion
    client.on('close', () => {
      socket = undefined;
      answer?.reject(gone());
    });
    return true;
  });

  return {
    ready,
    get connected() {
      return socket !== undefined;
    },
    convert(input, output, filters) {
      const client = socket;
      if (!client) return Promise.reject(gone());
      return new Promise((resolve, reject) => {
        answer = { resolve, reject };
        client.write(`${JSON.stringify({ input, output, importFilter: filters.import, exportFilter: filters.export })}\n`);
      });
    },
    async stop() {
      running.kill();
      socket?.destroy();
      server.close();
      await exited;
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
