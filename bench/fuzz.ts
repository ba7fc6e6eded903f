/**
 * The larger bomb-and-fuzz run (decision 140): the same seeded cases as fuzz.test.ts, more of them and
 * with every producer's files, through the real server on loopback. Prints the answers by class and
 * code, the jobs by outcome, and every fault (a 5xx, an uncoded 4xx, a job failed with a 5xx code).
 *   npm run bench:fuzz                      (1000 cases, seed 33)
 *   FUZZ_CASES=3000 FUZZ_SEED=7 npm run bench:fuzz
 */
import { createTestContext } from '../apps/server/src/test/harness.ts';
import { runFuzz } from '../apps/server/src/test/fuzz/run.ts';

const cases = Number(process.env.FUZZ_CASES ?? 1000);
const seed = Number(process.env.FUZZ_SEED ?? 33);
const ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'false' });
try {
  const started = performance.now();
  const counts = await runFuzz(ctx, { seed, cases, everyProducer: process.env.FUZZ_QUICK !== 'true' });
  console.log(`fuzz: ${cases} cases, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log('answers by class:', counts.byClass);
  console.log('4xx by code:', counts.byCode);
  console.log('jobs:', counts.jobs);
  console.log(`5xx: ${counts.byClass['5xx'] ?? 0}, faults: ${counts.faults.length}`);
  for (const fault of counts.faults) console.log(JSON.stringify(fault));
  process.exitCode = counts.faults.length > 0 ? 1 : 0;
} finally {
  await ctx.close();
}
