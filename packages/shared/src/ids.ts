/**
 * Row ids are UUIDs. Every id that comes from a URL or a request body is checked with isUuid before it
 * reaches a uuid column: Postgres refuses a malformed one with an error, and the caller should get
 * NOT_FOUND (or a field error), never a 500.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);
