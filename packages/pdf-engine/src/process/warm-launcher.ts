/**
 * `npm run build`: starts the engine launcher once, as the server starts it, so Node's compile cache
 * holds its stripped code and the first server after an install or update runs it without the type
 * stripper (performance log §126). Without the IPC channel it listens on, the launcher loads and exits.
 */
import { execFileSync } from 'node:child_process';
import { launcherCommand } from './launcher.ts';

const { file, args, env } = launcherCommand();
execFileSync(file, args, { env, stdio: 'inherit' });
