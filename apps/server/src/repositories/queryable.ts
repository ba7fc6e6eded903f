import type { Database } from '@wattle/db';

/** Any handle that runs queries: the database or a transaction on it. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
