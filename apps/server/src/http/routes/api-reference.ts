import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppEnv } from '../types.ts';

/** Scalar's browser bundle, from its npm package: served by us, so the page needs no CDN and works offline. */
const SCALAR_BUNDLE = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/**
 * The reference as a readable page beside the JSON. Configured by attributes (a script of JSON type
 * runs nothing, so the page keeps our CSP); the default web fonts are left out, since they would come
 * from another host.
 */
const PAGE = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Wattle PDF</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="/api/v1/openapi.json" data-configuration='{"withDefaultFonts":false}'></script>
    <script src="/api/reference/scalar.js"></script>
  </body>
</html>
`;

/** GET /api/reference: the OpenAPI document rendered by Scalar. */
export function apiReferenceRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/reference', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.html(PAGE);
  });
  app.get('/reference/scalar.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(Readable.toWeb(createReadStream(SCALAR_BUNDLE)) as ReadableStream);
  });
  return app;
}
