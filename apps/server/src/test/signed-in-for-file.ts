// Its own file: users.ts is also used by benches, which run outside vitest.
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestClient, type TestContext } from './harness.ts';
import { signedInUser, type TestUser } from './users.ts';

/** A test file's own context and one signed-in person, made before its tests and closed after them. */
export function signedInForFile(): { ctx: TestContext; client: TestClient; user: TestUser } {
  const file = {} as { ctx: TestContext; client: TestClient; user: TestUser };
  beforeAll(async () => {
    file.ctx = await createTestContext();
    Object.assign(file, await signedInUser(file.ctx));
  });
  afterAll(() => file.ctx.close());
  return file;
}
