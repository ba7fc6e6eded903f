export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export { createDatabase, type Database, type DatabaseHandle } from './database.ts';
