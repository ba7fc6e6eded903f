import { describe, expect, it } from 'vitest';
import { LIMIT_ROWS, PLAN_LIMITS, PLANS, TEAM_STORAGE_BYTES } from './limits.ts';
import { DEFAULT_STORAGE_LIMIT, MAX_PDF_SIZE, TEAM_STORAGE_LIMIT } from './validation.ts';

describe('PLAN_LIMITS', () => {
  it('gives no kind of user less than the kind before it (a signed-in user never gets less than a visitor)', () => {
    for (let i = 1; i < PLANS.length; i++) {
      const [lower, higher] = [PLAN_LIMITS[PLANS[i - 1]!], PLAN_LIMITS[PLANS[i]!]];
      for (const key of Object.keys(lower) as (keyof typeof lower)[]) {
        expect(higher[key], `${PLANS[i]}.${key}`).toBeGreaterThanOrEqual(lower[key]);
      }
    }
  });

  it('fits one file inside one job, and a free account keeps what it may upload', () => {
    for (const plan of PLANS) {
      const limits = PLAN_LIMITS[plan];
      expect(limits.fileBytes, plan).toBeLessThanOrEqual(limits.jobBytes);
      expect(limits.documentBytes, plan).toBeLessThanOrEqual(limits.storageBytes);
      // A batch counts each of its jobs against the hour: the largest one must fit.
      expect(limits.batchFiles, plan).toBeLessThanOrEqual(limits.jobsPerHour);
    }
  });

  it('is where the spec constants come from (5 MB PDFs, 50 MB storage)', () => {
    expect(MAX_PDF_SIZE).toBe(PLAN_LIMITS.free.documentBytes);
    expect(MAX_PDF_SIZE).toBe(5 * 1024 * 1024);
    expect(DEFAULT_STORAGE_LIMIT).toBe(PLAN_LIMITS.free.storageBytes);
    expect(DEFAULT_STORAGE_LIMIT).toBe(52428800);
    expect(TEAM_STORAGE_LIMIT).toBe(TEAM_STORAGE_BYTES);
  });
});

describe('LIMIT_ROWS', () => {
  it('shows every limit once, in words', () => {
    expect(LIMIT_ROWS.map((row) => row.key).sort()).toEqual(Object.keys(PLAN_LIMITS.visitor).sort());
    const free = Object.fromEntries(LIMIT_ROWS.map((row) => [row.label, row.show(PLAN_LIMITS.free[row.key])]));
    const visitor = Object.fromEntries(LIMIT_ROWS.map((row) => [row.label, row.show(PLAN_LIMITS.visitor[row.key])]));
    expect(visitor['Each file']).toBe('10 MB');
    expect(free['Each file']).toBe('50 MB');
    expect(visitor['Files in one batch']).toBe('Not available');
    expect(free['My Documents storage']).toBe('50 MB');
    expect(visitor['Jobs an hour']).toBe('100');
    expect(free['Jobs an hour']).toBe('1,000');
  });
});
