/**
 * Events pushed to a signed-in user's browsers over SSE (`GET /api/events`). They only say that
 * something changed: the browser refetches, it never keeps pushed state.
 */
export const EVENT_TYPES = ['notification', 'documents.changed', 'usage.changed', 'job.updated'] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface AppEvent {
  type: EventType;
  /** Small identifiers only (ids, states): the whole event must stay well under 8000 bytes. */
  [key: string]: unknown;
}

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}
