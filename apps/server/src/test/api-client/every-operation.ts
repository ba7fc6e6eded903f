import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { Answer, Callers, Fetch, Given } from './callers.ts';
import type { paths } from './schema.generated.ts';

/**
 * A script as an API user writes it: an openapi-fetch client typed by the types openapi-typescript
 * generates from the live /api/v1/openapi.json, calling every operation, the errors included.
 * `openapi-client.test.ts` generates `schema.generated.ts`, compiles this file against it (no
 * errors allowed: the document must type honest code) and runs it against the app. It is outside
 * the repository's typecheck because its types exist only while that test runs.
 */

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The multipart body in the order written: the text fields (tool, options) before the files, as the server reads them. */
function formData(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const each of Array.isArray(value) ? value : [value]) {
      if (each instanceof File) form.append(name, each, each.name);
      else if (each !== undefined) form.append(name, String(each));
    }
  }
  return form;
}

function expectStatus(result: { response: Response }, status: number, label: string): void {
  if (result.response.status !== status) throw new Error(`${label}: answered ${result.response.status}, expected ${status}`);
}

export async function callEveryOperation(baseUrl: string, callers: Callers, given: Given, record: (answer: Answer) => void): Promise<void> {
  const recorder: Middleware = {
    onResponse({ request, response, schemaPath }) {
      record({ method: request.method.toLowerCase(), schemaPath, response: response.clone() });
    },
  };
  const client = (fetch: Fetch): Client<paths> => {
    const made = createClient<paths>({ baseUrl, fetch });
    made.use(recorder);
    return made;
  };
  const key = client(callers.key);
  const session = client(callers.session);
  const teamSession = client(callers.teamSession);
  const visitor = client(callers.visitor);
  const spentKey = client(callers.spentKey);
  const id = (value: string) => ({ params: { path: { id: value } } });

  // Tools.
  expectStatus(await key.GET('/api/v1/tools'), 200, 'listTools');
  expectStatus(await key.GET('/api/v1/tools/{id}', id('rotate')), 200, 'getTool');
  expectStatus(await key.GET('/api/v1/tools/{id}', id('nope')), 404, 'getTool: no such tool');
  expectStatus(
    await key.POST('/api/v1/tools/redact/preview', { body: { options: JSON.stringify({ text: ['Page'] }), file: given.pdf() }, bodySerializer: formData }),
    200,
    'previewRedaction',
  );
  expectStatus(
    await key.POST('/api/v1/tools/redact/preview', { body: { options: JSON.stringify({ patterns: ['(a|b)*'] }), file: given.pdf() }, bodySerializer: formData }),
    400,
    'previewRedaction: a pattern that runs too long',
  );
  expectStatus(await key.POST('/api/v1/tools/redact/preview', { body: { options: JSON.stringify({ text: ['x'] }), file: given.notPdf() }, bodySerializer: formData }), 422, 'previewRedaction: not a PDF');

  // Jobs, followed to the end by their own event stream.
  const created = await key.POST('/api/v1/jobs', { body: { tool: 'rotate', files: [given.pdf()] }, bodySerializer: formData });
  expectStatus(created, 202, 'createJob');
  const jobId = created.data!.id;
  expectStatus(await key.GET('/api/v1/jobs/{id}/events', { ...id(jobId), parseAs: 'text' }), 200, 'jobEvents');
  expectStatus(await key.GET('/api/v1/jobs/{id}/events', { ...id(MISSING_ID), parseAs: 'text' }), 404, 'jobEvents: no such job');
  expectStatus(await key.POST('/api/v1/jobs', { body: { tool: 'rotate', options: JSON.stringify({ angle: 45 }), files: [given.pdf()] }, bodySerializer: formData }), 400, 'createJob: bad options');
  expectStatus(await key.POST('/api/v1/jobs', { body: { tool: 'rotate', fileIds: JSON.stringify([MISSING_ID]) }, bodySerializer: formData }), 404, 'createJob: not your document');
  expectStatus(await key.POST('/api/v1/jobs', { body: { tool: 'rotate', files: [given.notPdf()] }, bodySerializer: formData }), 422, 'createJob: not a PDF');
  expectStatus(await visitor.POST('/api/v1/jobs', { body: { tool: 'rotate', fileIds: JSON.stringify([MISSING_ID]) }, bodySerializer: formData }), 401, 'createJob: fileIds as a visitor');
  const job = await key.GET('/api/v1/jobs/{id}', id(jobId));
  expectStatus(job, 200, 'getJob');
  if (job.data!.status !== 'succeeded') throw new Error(`the job ${job.data!.status}`);
  expectStatus(await key.GET('/api/v1/jobs/{id}', id(MISSING_ID)), 404, 'getJob: not yours');
  expectStatus(await key.GET('/api/v1/jobs/{id}/zip', { ...id(jobId), parseAs: 'blob' }), 200, 'downloadJobZip');
  expectStatus(await key.GET('/api/v1/jobs/{id}/zip', { ...id(MISSING_ID), parseAs: 'blob' }), 404, 'downloadJobZip: no such job');

  // Outputs.
  const output = job.data!.outputs[0]!;
  const outputs = await key.GET('/api/v1/outputs', { params: { query: { page: 1, pageSize: 1 } } });
  expectStatus(outputs, 200, 'listOutputs');
  if (outputs.data!.items[0]?.id !== output.id || outputs.data!.total < 1) throw new Error('listOutputs: not the newest output first');
  expectStatus(await key.GET('/api/v1/outputs', { params: { query: { pageSize: 500 } } }), 400, 'listOutputs: too large a page');
  expectStatus(await key.GET('/api/v1/outputs/{id}/download', { ...id(output.id), parseAs: 'blob' }), 200, 'downloadOutput: the owner');
  const signed = new URL(output.downloadUrl, baseUrl).searchParams;
  const signature = { expires: signed.get('expires') ?? '', signature: signed.get('signature') ?? '' };
  expectStatus(await visitor.GET('/api/v1/outputs/{id}/download', { params: { path: { id: output.id }, query: signature }, parseAs: 'blob' }), 200, 'downloadOutput: the signed link');
  expectStatus(
    await visitor.GET('/api/v1/outputs/{id}/download', { params: { path: { id: output.id }, query: { expires: '1', signature: 'x' } }, parseAs: 'blob' }),
    404,
    'downloadOutput: a bad signature',
  );
  expectStatus(await key.POST('/api/v1/outputs/{id}/save', id(output.id)), 201, 'saveOutput');
  expectStatus(await key.POST('/api/v1/outputs/{id}/save', id(output.id)), 200, 'saveOutput: again');
  expectStatus(await key.POST('/api/v1/outputs/{id}/save', id(MISSING_ID)), 404, 'saveOutput: no such output');
  expectStatus(await visitor.POST('/api/v1/outputs/{id}/save', id(output.id)), 401, 'saveOutput: a visitor');

  // Webhooks, made before the upload below so it has a delivery (to a closed port: it fails, which is fine here).
  const hook = await key.POST('/api/v1/webhooks', { body: { url: 'http://127.0.0.1:9/hook', events: ['document.created', 'job.succeeded'] } });
  expectStatus(hook, 201, 'createWebhook');
  const webhookId = hook.data!.id;
  expectStatus(await key.POST('/api/v1/webhooks', { body: { url: 'http://hooks.example.com.au/in', events: ['job.failed'] } }), 400, 'createWebhook: not https');
  const another = () => key.POST('/api/v1/webhooks', { body: { url: 'https://hooks.example.com.au/in', events: ['link.viewed'] } });
  let refused = await another();
  for (let made = 1; refused.response.status === 201 && made < 10; made++) refused = await another();
  expectStatus(refused, 409, 'createWebhook: past the most an account may have');

  // My Documents.
  const uploaded = await key.POST('/api/v1/documents', { body: { file: given.pdf() }, bodySerializer: formData });
  expectStatus(uploaded, 201, 'uploadDocument');
  const documentId = uploaded.data!.id;
  expectStatus(await key.POST('/api/v1/documents', { body: { file: given.notPdf() }, bodySerializer: formData }), 422, 'uploadDocument: not a PDF');
  expectStatus(await key.POST('/api/v1/documents', { body: {} as { file: Blob }, bodySerializer: formData }), 400, 'uploadDocument: no file');
  expectStatus(await visitor.POST('/api/v1/documents', { body: { file: given.pdf() }, bodySerializer: formData }), 401, 'uploadDocument: a visitor');
  const listed = await key.GET('/api/v1/documents', { params: { query: { sort: 'name', order: 'asc' } } });
  expectStatus(listed, 200, 'listDocuments');
  if (!listed.data!.items.some((document) => document.id === documentId)) throw new Error('listDocuments: the upload is missing');
  expectStatus(await key.GET('/api/v1/documents', { params: { query: { page: 0 } } }), 400, 'listDocuments: page 0');
  expectStatus(await key.GET('/api/v1/documents/{id}', id(documentId)), 200, 'getDocument');
  expectStatus(await key.GET('/api/v1/documents/{id}', id(MISSING_ID)), 404, 'getDocument: no such document');
  expectStatus(await key.GET('/api/v1/documents/{id}/download', { ...id(documentId), parseAs: 'blob' }), 200, 'downloadDocument');
  expectStatus(await visitor.GET('/api/v1/documents/{id}/download', { ...id(documentId), parseAs: 'blob' }), 404, 'downloadDocument: a visitor');

  // Batches.
  const batch = await key.POST('/api/v1/batches', { body: { tool: 'rotate', files: [given.pdf(), given.pdf()] }, bodySerializer: formData });
  expectStatus(batch, 202, 'createBatch');
  for (const each of batch.data!.jobs) expectStatus(await key.GET('/api/v1/jobs/{id}/events', { ...id(each.id), parseAs: 'text' }), 200, 'jobEvents: a batch job');
  expectStatus(await visitor.POST('/api/v1/batches', { body: { tool: 'rotate', files: [given.pdf()] }, bodySerializer: formData }), 401, 'createBatch: a visitor');
  expectStatus(await key.GET('/api/v1/batches/{id}', id(batch.data!.id)), 200, 'getBatch');
  expectStatus(await key.GET('/api/v1/batches/{id}', id(MISSING_ID)), 404, 'getBatch: no such batch');
  expectStatus(await key.GET('/api/v1/batches/{id}/zip', { ...id(batch.data!.id), parseAs: 'blob' }), 200, 'downloadBatchZip');
  expectStatus(await key.GET('/api/v1/batches/{id}/zip', { ...id(MISSING_ID), parseAs: 'blob' }), 404, 'downloadBatchZip: no such batch');

  // Share links: only the document is required, every setting has its default.
  const link = await key.POST('/api/v1/links', { body: { documentId } });
  expectStatus(link, 201, 'createLink');
  const linkId = link.data!.id;
  expectStatus(await key.POST('/api/v1/links', { body: { documentId: 'not-an-id' } }), 400, 'createLink: a bad id');
  expectStatus(await key.POST('/api/v1/links', { body: { documentId: MISSING_ID } }), 404, 'createLink: no such document');
  expectStatus(await key.GET('/api/v1/links', { params: { query: { documentId } } }), 200, 'listLinks');
  expectStatus(await key.GET('/api/v1/links', { params: { query: { page: 0 } } }), 400, 'listLinks: page 0');
  expectStatus(await key.GET('/api/v1/links/{id}', id(linkId)), 200, 'getLink');
  expectStatus(await key.GET('/api/v1/links/{id}', id(MISSING_ID)), 404, 'getLink: no such link');
  expectStatus(await key.PATCH('/api/v1/links/{id}', { ...id(linkId), body: { name: 'Board pack', allowDownload: true } }), 200, 'updateLink');
  expectStatus(await key.PATCH('/api/v1/links/{id}', { ...id(linkId), body: { maxViews: 0 } }), 400, 'updateLink: no views');
  expectStatus(await key.PATCH('/api/v1/links/{id}', { ...id(MISSING_ID), body: {} }), 404, 'updateLink: no such link');
  expectStatus(await key.GET('/api/v1/links/{id}/visits', id(linkId)), 200, 'listLinkVisits');
  expectStatus(await key.GET('/api/v1/links/{id}/visits', { params: { path: { id: linkId }, query: { page: 0 } } }), 400, 'listLinkVisits: page 0');
  expectStatus(await key.GET('/api/v1/links/{id}/visits', id(MISSING_ID)), 404, 'listLinkVisits: no such link');
  expectStatus(await key.GET('/api/v1/links/{id}/analytics', id(linkId)), 200, 'getLinkAnalytics');
  expectStatus(await key.GET('/api/v1/links/{id}/analytics', id(MISSING_ID)), 404, 'getLinkAnalytics: no such link');
  expectStatus(await key.POST('/api/v1/links/{id}/revoke', id(linkId)), 200, 'revokeLink');
  expectStatus(await key.POST('/api/v1/links/{id}/revoke', id(MISSING_ID)), 404, 'revokeLink: no such link');
  expectStatus(await key.DELETE('/api/v1/links/{id}', id(linkId)), 204, 'deleteLink');
  expectStatus(await key.DELETE('/api/v1/links/{id}', id(linkId)), 404, 'deleteLink: gone');

  // The rest of webhooks: the upload above made a delivery.
  expectStatus(await key.GET('/api/v1/webhooks'), 200, 'listWebhooks');
  expectStatus(await key.GET('/api/v1/webhooks/{id}', id(webhookId)), 200, 'getWebhook');
  expectStatus(await key.GET('/api/v1/webhooks/{id}', id(MISSING_ID)), 404, 'getWebhook: no such webhook');
  expectStatus(await key.PATCH('/api/v1/webhooks/{id}', { ...id(webhookId), body: { enabled: true } }), 200, 'updateWebhook');
  expectStatus(await key.PATCH('/api/v1/webhooks/{id}', { ...id(webhookId), body: { events: [] } }), 400, 'updateWebhook: no events');
  expectStatus(await key.PATCH('/api/v1/webhooks/{id}', { ...id(MISSING_ID), body: {} }), 404, 'updateWebhook: no such webhook');
  expectStatus(await key.POST('/api/v1/webhooks/{id}/rotate-secret', id(webhookId)), 200, 'rotateWebhookSecret');
  expectStatus(await key.POST('/api/v1/webhooks/{id}/rotate-secret', id(MISSING_ID)), 404, 'rotateWebhookSecret: no such webhook');
  const deliveries = await key.GET('/api/v1/webhooks/{id}/deliveries', id(webhookId));
  expectStatus(deliveries, 200, 'listWebhookDeliveries');
  expectStatus(await key.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id: webhookId }, query: { page: 0 } } }), 400, 'listWebhookDeliveries: page 0');
  expectStatus(await key.GET('/api/v1/webhooks/{id}/deliveries', id(MISSING_ID)), 404, 'listWebhookDeliveries: no such webhook');
  const delivery = { params: { path: { id: webhookId, deliveryId: deliveries.data!.items[0]!.id } } };
  expectStatus(await key.POST('/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend', delivery), 202, 'resendWebhookDelivery');
  expectStatus(
    await key.POST('/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { path: { id: webhookId, deliveryId: MISSING_ID } } }),
    404,
    'resendWebhookDelivery: no such delivery',
  );

  // What only a signed-in session may do: a key is refused.
  expectStatus(await session.GET('/api/v1/keys'), 200, 'listApiKeys');
  expectStatus(await key.GET('/api/v1/keys'), 403, 'listApiKeys: with a key');
  const made = await session.POST('/api/v1/keys', { body: { name: 'Made by the script' } });
  expectStatus(made, 201, 'createApiKey');
  expectStatus(await session.POST('/api/v1/keys', { body: { name: '' } }), 400, 'createApiKey: no name');
  expectStatus(await key.POST('/api/v1/keys', { body: { name: 'More' } }), 403, 'createApiKey: with a key');
  expectStatus(await visitor.POST('/api/v1/keys', { body: { name: 'More' } }), 401, 'createApiKey: a visitor');
  expectStatus(await key.DELETE('/api/v1/keys/{id}', id(made.data!.id)), 403, 'revokeApiKey: with a key');
  expectStatus(await session.DELETE('/api/v1/keys/{id}', id(made.data!.id)), 204, 'revokeApiKey');
  expectStatus(await session.DELETE('/api/v1/keys/{id}', id(made.data!.id)), 404, 'revokeApiKey: already revoked');
  expectStatus(await session.GET('/api/v1/spaces'), 200, 'listSpaces');
  expectStatus(await key.GET('/api/v1/spaces'), 403, 'listSpaces: with a key');

  // Teams: the key's owner works in the personal space.
  expectStatus(await teamSession.GET('/api/v1/team'), 200, 'getTeam');
  expectStatus(await key.GET('/api/v1/team'), 404, 'getTeam: the personal space');
  expectStatus(await teamSession.GET('/api/v1/team/activity', { params: { query: { pageSize: 5 } } }), 200, 'listTeamActivity');
  expectStatus(await teamSession.GET('/api/v1/team/activity', { params: { query: { pageSize: 500 } } }), 400, 'listTeamActivity: too large a page');
  expectStatus(await key.GET('/api/v1/team/activity'), 404, 'listTeamActivity: the personal space');
  expectStatus(await teamSession.POST('/api/v1/team/transfer', { body: { memberId: '' } }), 400, 'transferTeam: no member');
  expectStatus(await teamSession.POST('/api/v1/team/transfer', { body: { memberId: 'nobody' } }), 404, 'transferTeam: no such member');
  expectStatus(await key.POST('/api/v1/team/transfer', { body: { memberId: 'nobody' } }), 403, 'transferTeam: with a key');
  expectStatus(await teamSession.POST('/api/v1/team/transfer', { body: { memberId: given.teamMemberId } }), 204, 'transferTeam');

  // Deletions last: what they delete was used above.
  expectStatus(await key.DELETE('/api/v1/outputs/{id}', id(output.id)), 204, 'deleteOutput');
  expectStatus(await key.DELETE('/api/v1/outputs/{id}', id(output.id)), 404, 'deleteOutput: gone');
  expectStatus(await key.DELETE('/api/v1/documents/{id}', id(documentId)), 204, 'deleteDocument');
  expectStatus(await key.DELETE('/api/v1/documents/{id}', id(documentId)), 404, 'deleteDocument: gone');
  expectStatus(await key.DELETE('/api/v1/webhooks/{id}', id(webhookId)), 204, 'deleteWebhook');
  expectStatus(await key.DELETE('/api/v1/webhooks/{id}', id(webhookId)), 404, 'deleteWebhook: gone');

  expectStatus(await key.GET('/api/v1/openapi.json'), 200, 'openapi');
  const limited = await spentKey.GET('/api/v1/outputs');
  expectStatus(limited, 429, 'listOutputs: a key past its requests a minute');
  if (!limited.response.headers.get('retry-after')) throw new Error('429 without Retry-After');
}
