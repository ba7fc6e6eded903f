import { describe, expect, it } from 'vitest';
import { queueSettings } from '../job-definition.ts';
import { JOB_DEFINITIONS } from './index.ts';

describe('the job definitions', () => {
  it('have one id each, and every dead-letter queue is itself a declared job', () => {
    const ids = JOB_DEFINITIONS.map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const job of JOB_DEFINITIONS) if (job.kind === 'queued' && job.deadLetter) expect(ids).toContain(job.deadLetter);
  });

  it("give the tool queues decision 040's settings", () => {
    const queues = queueSettings(JOB_DEFINITIONS);
    expect(Object.keys(queues).sort()).toEqual(['tools-dead', 'tools-heavy', 'tools-light', 'tools-ocr', 'tools-office', 'webhook-deliveries']);
    expect(queues['tools-ocr']).toMatchObject({ retryLimit: 2, retryBackoff: true, heartbeatSeconds: 10, expireInSeconds: 30 * 60, deadLetter: 'tools-dead' });
    expect(queues['tools-dead']).toMatchObject({ retryLimit: 5 });
    expect(queues['tools-dead']).not.toHaveProperty('heartbeatSeconds');
  });
});
