import type { JobDefinition } from '../job-definition.ts';
import { DELIVER_WEBHOOKS } from './deliver-webhooks.ts';
import { FAIL_ABANDONED_TOOL_JOBS } from './fail-abandoned-tool-jobs.ts';
import { PURGE_TEAM_ACTIVITY } from './purge-team-activity.ts';
import { PURGE_DELETED_DOCUMENTS } from './purge-deleted-documents.ts';
import { PURGE_WEBHOOK_DELIVERIES } from './purge-webhook-deliveries.ts';
import { REMOVE_LEFTOVER_FILES } from './remove-leftover-files.ts';
import { SWEEP_EXPIRED_TOOL_JOBS } from './sweep-expired-tool-jobs.ts';
import { SWEEP_ORPHAN_BLOBS } from './sweep-orphan-blobs.ts';
import { TOOL_JOBS } from './tool-jobs.ts';

/** Every background task of the server: the worker role registers this list (jobs/worker.ts). */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  ...TOOL_JOBS,
  FAIL_ABANDONED_TOOL_JOBS,
  SWEEP_EXPIRED_TOOL_JOBS,
  PURGE_DELETED_DOCUMENTS,
  REMOVE_LEFTOVER_FILES,
  DELIVER_WEBHOOKS,
  PURGE_WEBHOOK_DELIVERIES,
  PURGE_TEAM_ACTIVITY,
  SWEEP_ORPHAN_BLOBS,
];
