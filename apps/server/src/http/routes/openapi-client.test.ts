import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@wattle/shared';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { listDeliveries } from '../../repositories/webhooks.ts';
import type { Answer, CallEveryOperation, Callers, Fetch, Given } from '../../test/api-client/callers.ts';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../../test/harness.ts';
import { makePdf } from '../../test/pdfs.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * The public API as a typed client sees it. The types openapi-typescript generates from the live
 * /api/v1/openapi.json must compile a script that calls every operation (test/api-client), and every
 * answer that script and the checks below get, success and error alike, must match the schema the
 * document gives for its operation, status and media type (ajv, JSON Schema 2020-12 as OpenAPI 3.1
 * uses it). Nothing here knows the zod contracts: only the document and the server.
 */

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }>; headers?: Record<string, unknown> }> };
type OpenApi = Schema & { paths: Record<string, Record<string, Operation>>; webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }> };

const CLIENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../test/api-client');
const SCRIPT = join(CLIENT_DIR, 'every-operation.ts');
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
/** Enough for the script's own calls with the key; a second key spends this many to meet the limit. */
const KEY_REQUESTS_PER_MINUTE = 150;

const pointer = (...parts: string[]) => parts.map((part) => `/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

describe('the API through a client generated from its document', () => {
  let ctx: TestContext;
  let worker: Worker;
  let doc: OpenApi;
  let user: TestClient;
  let teamOwner: TestClient;
  let teamMemberId: string;
  let secret: string;
  let spentSecret: string;
  let allEventsWebhookId: string;
  let ajv: Ajv2020;

  const withKey =
    (key: string): Fetch =>
    async (request) => {
      request.headers.set('authorization', `Bearer ${key}`);
      return ctx.app.request(request);
    };
  /** A browser's request: its cookies and our Origin, through the harness's client. */
  const asBrowser =
    (client: TestClient): Fetch =>
    async (request) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      return client.request(url.pathname + url.search, { method: request.method, headers: request.headers, body });
    };

  beforeAll(async () => {
    ctx = await createTestContext({ API_KEY_REQUESTS_PER_MINUTE: String(KEY_REQUESTS_PER_MINUTE), WEBHOOK_ALLOW_LOOPBACK: 'true' }); // webhooks on this machine (a closed port)
    worker = await startWorker(ctx.container, { periodic: false });
    doc = (await (await ctx.client().request('/api/v1/openapi.json')).json()) as OpenApi;
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(ajv);
    ajv.addSchema(doc, 'openapi');

    user = (await signedInUser(ctx)).client;
    const madeKey = async (name: string) => ((await (await user.request('/api/v1/keys', { method: 'POST', json: { name } })).json()) as { secret: string }).secret;
    secret = await madeKey('Typed client');
    spentSecret = await madeKey('Spent');
    for (let i = 0; i < KEY_REQUESTS_PER_MINUTE; i++) expect((await ctx.app.request('/api/v1/openapi.json', { headers: { authorization: `Bearer ${spentSecret}` } })).status).toBe(200);
    // Hears every event the script causes, and keeps the deliveries for the payload check.
    const hook = await user.request('/api/v1/webhooks', { method: 'POST', json: { url: 'http://127.0.0.1:9/all', events: [...WEBHOOK_EVENTS] } });
    allEventsWebhookId = ((await hook.json()) as { id: string }).id;

    teamOwner = (await signedInUser(ctx)).client;
    const team = (await (await teamOwner.request('/api/auth/organization/create', { method: 'POST', json: { name: 'Typed Team', slug: 'typed-team' } })).json()) as { id: string };
    await teamOwner.request('/api/auth/organization/set-active', { method: 'POST', json: { organizationId: team.id } });
    const joiner = await signedInUser(ctx);
    const invited = (await (await teamOwner.request('/api/auth/organization/invite-member', { method: 'POST', json: { email: joiner.user.email, role: 'member' } })).json()) as { id: string };
    const accepted = await joiner.client.request('/api/auth/organization/accept-invitation', { method: 'POST', json: { invitationId: invited.id } });
    teamMemberId = ((await accepted.json()) as { member: { id: string } }).member.id;
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
  });

  /** What is wrong with one answer, against the document: nothing, when it is as documented. */
  async function mismatches({ method, schemaPath, response }: Answer): Promise<string[]> {
    const where = `${method} ${schemaPath} ${response.status}`;
    const documented = doc.paths[schemaPath]?.[method]?.responses[String(response.status)];
    if (!documented) return [`${where}: not documented (${(await response.text()).slice(0, 200)})`];
    const body = await response.text();
    if (!documented.content) return body === '' ? [] : [`${where}: a body where none is documented`];
    const type = response.headers.get('content-type') ?? '';
    const mediaType = Object.keys(documented.content).find((each) => each === type) ?? Object.keys(documented.content).find((each) => type.split(';')[0] === each);
    if (!mediaType) return [`${where}: ${type} is not one of ${Object.keys(documented.content).join(', ')}`];
    if (response.status === 429 && documented.headers?.['Retry-After'] && !response.headers.get('retry-after')) return [`${where}: no Retry-After`];
    if (mediaType === 'text/event-stream') {
      // Each event's data is a Job, as the operation's description says.
      const validate = ajv.getSchema(`openapi#${pointer('components', 'schemas', 'Job')}`)!;
      const events = body.split('\n').filter((line) => line.startsWith('data: '));
      const bad = events.filter((line) => !validate(JSON.parse(line.slice(6))));
      return events.length > 0 && bad.length === 0 ? [] : [`${where}: ${events.length} events, not Jobs: ${bad.join(' ').slice(0, 300)}`];
    }
    if (!mediaType.startsWith('application/json')) return [];
    const validate = ajv.getSchema(`openapi#${pointer('paths', schemaPath, method, 'responses', String(response.status), 'content', mediaType, 'schema')}`)!;
    return validate(JSON.parse(body)) ? [] : [`${where}: ${ajv.errorsText(validate.errors)} in ${body.slice(0, 300)}`];
  }

  it('types a script that calls every operation: the generated client compiles it with no errors', async () => {
    const ast = await openapiTS(doc as unknown as OpenAPI3, {
      // Multipart file parts (format: binary) are files to a script, as openapi-typescript's docs recommend.
      transform: (schema) => (schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined),
    });
    writeFileSync(join(CLIENT_DIR, 'schema.generated.ts'), astToString(ast));
    const program = ts.createProgram([SCRIPT], {
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      noEmit: true,
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      types: ['node'],
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? `${d.file.fileName.split('/').pop()}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('answers every operation, success and error, with the schema its document gives', async () => {
    const answers: Answer[] = [];
    const pdf = await makePdf({ pages: 2 });
    const given: Given = {
      pdf: () => new File([pdf as BlobPart], 'a.pdf', { type: 'application/pdf' }),
      notPdf: () => new File(['<html></html>'], 'a.pdf', { type: 'application/pdf' }),
      teamMemberId,
    };
    const callers: Callers = { key: withKey(secret), session: asBrowser(user), teamSession: asBrowser(teamOwner), visitor: asBrowser(ctx.client()), spentKey: withKey(spentSecret) };
    const { callEveryOperation } = (await import(pathToFileURL(SCRIPT).href)) as { callEveryOperation: CallEveryOperation };
    await callEveryOperation(TEST_ORIGIN, callers, given, (answer) => answers.push(answer));

    // Whatever an operation does, a key that is not valid is 401, and a key with cookies is 400.
    const sessionCookies = [...user.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const url = `${TEST_ORIGIN}${path.replace(/\{\w+\}/g, MISSING_ID)}`;
        for (const headers of [{ authorization: 'Bearer wattle_not-a-key' }, { authorization: `Bearer ${secret}`, cookie: sessionCookies }] as Record<string, string>[]) {
          const response = await ctx.app.request(new Request(url, { method: method.toUpperCase(), headers }));
          answers.push({ method, schemaPath: path, response });
        }
      }
    }

    const found: string[] = [];
    for (const answer of answers) found.push(...(await mismatches(answer)));
    expect(found).toEqual([]);

    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    const succeeded = new Set(answers.filter((a) => a.response.status < 300).map((a) => `${a.method} ${a.schemaPath}`));
    expect(documented.filter((operation) => !succeeded.has(operation))).toEqual([]);
    const statuses = new Set(answers.map((a) => a.response.status));
    for (const status of [400, 401, 403, 404, 422, 429]) expect(statuses).toContain(status);
    console.info(`openapi-client: ${answers.length} answers over ${documented.length} operations, ${found.length} mismatches`);
  }, 180_000);

  it('sends webhook bodies that match its webhooks section', async () => {
    const { rows } = await listDeliveries(ctx.container.db, allEventsWebhookId, 0, 100);
    // The events the script caused (link.viewed needs a viewer, job.failed a job that fails: the webhooks tests make those).
    expect(new Set(rows.map((row) => row.event))).toEqual(new Set(['job.succeeded', 'batch.finished', 'document.created']));
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const row of rows) {
      const validate = ajv.getSchema(`openapi#${pointer('webhooks', row.event, 'post', 'requestBody', 'content', 'application/json', 'schema')}`)!;
      expect(validate(row.payload) ? [] : validate.errors, `${row.event}: ${JSON.stringify(row.payload).slice(0, 300)}`).toEqual([]);
    }
  });
});
