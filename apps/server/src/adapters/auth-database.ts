import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { schema, type Database } from '@wattle/db';

/** better-auth's storage: our Drizzle schema on the app's database, through the handle below. */
export const authDatabase = (db: Database) => drizzleAdapter(transactionAware(db), { provider: 'pg', schema, transaction: true });

const openTransaction = new AsyncLocalStorage<Database>();

/**
 * The database handle given to better-auth: its transactions record their handle here, so our
 * database hooks (profile and usage rows, last login) write inside the same transaction. On PGlite,
 * awaiting the main handle from inside an open transaction would deadlock.
 */
function transactionAware(db: Database): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return (run: (tx: Database) => Promise<unknown>, config?: unknown) =>
        target.transaction((tx) => openTransaction.run(tx as unknown as Database, () => run(tx as unknown as Database)), config as never);
    },
  });
}

/** The open better-auth transaction's handle, or the main handle outside one. */
export function currentDb(db: Database): Database {
  return openTransaction.getStore() ?? db;
}
