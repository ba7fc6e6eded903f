import { Readable } from 'node:stream';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AppError, documentListQuerySchema, documentPageSchema, documentSchema, documentUploadSchema, documentsZipQuerySchema, MAX_PDF_SIZE, saveDocumentVersionSchema } from '@wattle/shared';
import type { Container } from '../../container.ts';
import { accountOwnerOf } from '../../domain/owner.ts';
import { dataPaths } from '../../data-dir.ts';
import { listDocumentVersions, openVersion, restoreVersion, saveOutputAsVersion } from '../../services/document-versions.ts';
import { checkUploadRate, deleteDocument, getDocument, listDocumentsPage, openDocument, openDocumentsZip, PDF_CONTENT_TYPE, storeDocument, usageOf } from '../../services/documents.ts';
import { accountId, accountOwner, requireAccount } from '../middleware/owner.ts';
import { declaredRoutes, error, file, idParams, json, multipartBody, noContent } from '../api-contract.ts';
import type { AppEnv } from '../types.ts';
import { readOneFile } from '../upload/multipart.ts';
import { readJson, readQuery } from '../validate.ts';
import { attachment } from '../content-disposition.ts';

/** A stored PDF as a download: opened directly, it still cannot run script or reach our origin's data. */
function sendPdf(c: Context<AppEnv>, file: { filename: string; contentType: string; size: number; body: Readable }) {
  c.header('Content-Type', file.contentType);
  c.header('Content-Length', String(file.size));
  c.header('Content-Disposition', attachment(file.filename));
  c.header('Content-Security-Policy', "sandbox; default-src 'none'");
  c.header('Cache-Control', 'private, no-store');
  return c.body(Readable.toWeb(file.body) as ReadableStream);
}

/** An app for the account's documents: a file's own address answers NOT_FOUND to anyone but its owner, visitors included. */
function guardedDocuments() {
  const app = declaredRoutes();
  app.use('/documents', requireAccount);
  app.use('/documents/*', async (c, next) => {
    if (!accountOwnerOf(c.get('owner'))) throw new AppError('NOT_FOUND');
    await next();
  });
  return app;
}

const documentErrors = { 401: error('Sign in or send an API key.') };
const params = idParams('document');
const gone = error('Not yours, or deleted.');

/** Upload, list, get, download and delete: the same under /api (the dashboard) and /api/v1 (API keys), declared once. */
function addMyDocuments(app: OpenAPIHono<AppEnv>, container: Container) {
  const listRoute = createRoute({
    method: 'get',
    path: '/documents',
    operationId: 'listDocuments',
    summary: 'My Documents: your stored PDFs, newest first unless sort and order say otherwise (20 a page)',
    request: { query: documentListQuerySchema },
    responses: { 200: json(documentPageSchema, 'One page of documents.'), 400: error('VALIDATION_FAILED.'), ...documentErrors },
  });
  app.openapi(listRoute, async (c) => c.json(await listDocumentsPage(container, accountOwner(c), c.req.valid('query')), 200));

  // One file per request, so the browser can show each file's own progress.
  const uploadRoute = createRoute({
    method: 'post',
    path: '/documents',
    operationId: 'uploadDocument',
    summary: 'Store a PDF in My Documents, within your storage quota',
    request: { body: multipartBody(documentUploadSchema, { file: { contentType: 'application/pdf' } }) },
    responses: {
      201: json(documentSchema, 'Stored.'),
      400: error('BAD_REQUEST: no file.'),
      ...documentErrors,
      409: error('STORAGE_LIMIT_EXCEEDED.'),
      413: error('FILE_TOO_LARGE, checked while streaming.'),
      415: error('UNSUPPORTED_FILE_TYPE: not a PDF.'),
      422: error('PDF_CORRUPT: damaged, or not a PDF.'),
      429: error('RATE_LIMITED: too many uploads a minute.'),
    },
  });
  app.openapi(uploadRoute, async (c) => {
    await checkUploadRate(container, accountId(c));
    const file = await readOneFile(c.req.raw, { spoolDir: dataPaths(container.dataDir).uploadSpool, maxFileBytes: MAX_PDF_SIZE });
    try {
      const document = await storeDocument(container, accountOwner(c), { filename: file.filename, path: file.path, size: file.size });
      return c.json(document, 201);
    } finally {
      await file.remove();
    }
  });

  const getRoute = createRoute({
    method: 'get',
    path: '/documents/{id}',
    operationId: 'getDocument',
    summary: 'One of your documents',
    request: { params },
    responses: { 200: json(documentSchema, 'The document.'), 404: gone },
  });
  app.openapi(getRoute, async (c) => c.json(await getDocument(container, accountOwner(c), c.req.valid('param').id), 200));

  const downloadRoute = createRoute({
    method: 'get',
    path: '/documents/{id}/download',
    operationId: 'downloadDocument',
    summary: 'A document’s current version (attachment)',
    request: { params },
    responses: { 200: file(['application/pdf'], 'The PDF.'), 404: gone },
  });
  app.openapi(downloadRoute, async (c) => {
    const { document, contentType, body } = await openDocument(container, accountOwner(c), c.req.valid('param').id);
    return sendPdf(c, { filename: document.filename, contentType, size: document.file_size, body });
  });

  const deleteRoute = createRoute({
    method: 'delete',
    path: '/documents/{id}',
    operationId: 'deleteDocument',
    summary: 'Delete a document: it leaves My Documents and stops counting against your storage at once',
    request: { params },
    responses: { 204: noContent('Deleted.'), 404: gone },
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteDocument(container, accountOwner(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
}

/** My Documents for a script (/api/v1/documents): the account's PDFs with the dashboard's quota and scoping. */
export function apiDocumentsRoutes(container: Container) {
  const app = guardedDocuments();
  addMyDocuments(app, container);
  return declaredRoutes().route('/v1', app);
}

/** The signed-in user's PDFs (upload, list, download, versions, delete) and storage usage. Every id is scoped by owner. */
export function documentsRoutes(container: Container) {
  const app = guardedDocuments();
  app.use('/usage', requireAccount);

  // Before the :id routes; a GET, so a plain link saves the stream to disk without holding it in memory.
  app.get('/documents/zip', async (c) => {
    const { ids } = readQuery(c, documentsZipQuerySchema);
    const body = await openDocumentsZip(container, accountOwner(c), ids);
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', attachment('documents.zip'));
    c.header('Cache-Control', 'private, no-store');
    return c.body(Readable.toWeb(body) as ReadableStream);
  });

  addMyDocuments(app, container);

  app.get('/documents/:id/versions', async (c) => c.json(await listDocumentVersions(container, accountOwner(c), c.req.param('id'))));

  app.post('/documents/:id/versions', async (c) => {
    const { outputId } = await readJson(c, saveDocumentVersionSchema);
    return c.json(await saveOutputAsVersion(container, accountOwner(c), c.req.param('id'), outputId), 201);
  });

  app.get('/documents/:id/versions/:version/download', async (c) => {
    const { document, size, body } = await openVersion(container, accountOwner(c), c.req.param('id'), c.req.param('version'));
    return sendPdf(c, { filename: document.filename, contentType: PDF_CONTENT_TYPE, size, body });
  });

  app.post('/documents/:id/versions/:version/restore', async (c) =>
    c.json(await restoreVersion(container, accountOwner(c), c.req.param('id'), c.req.param('version')), 201),
  );

  app.get('/usage', async (c) => c.json(await usageOf(container, accountOwner(c))));

  return app;
}
