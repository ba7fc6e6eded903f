import { useQuery } from '@tanstack/react-query';
import { BookOpenIcon, BracesIcon, DownloadIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LimitsTable } from '@/components/limits-table';
import { PageHero } from '@/components/public-page/page-hero';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { apiKeyCurlExample, getTool } from '@wattle/shared';
import { groupEndpoints, resolveRef, schemaProperties, summariseSchema, toolOptionSchemas, type Endpoint, type HttpMethod, type OpenApiDocument } from '../lib/openapi';

const OPENAPI_URL = '/api/v1/openapi.json';
/** The same document as a readable page, served by the API server. */
const REFERENCE_URL = '/api/reference';

const METHOD_STYLE: Record<HttpMethod, string> = {
  get: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  post: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  put: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  patch: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  delete: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
};

/** `/api`: the public API, rendered from the OpenAPI document the server generates. */
export function ApiDocsPage() {
  useDocumentTitle('API');
  const query = useQuery({ queryKey: ['openapi'], queryFn: () => api.get<OpenApiDocument>(OPENAPI_URL) });
  const doc = query.data;
  const groups = doc ? groupEndpoints(doc) : [];
  const toolOptions = doc ? toolOptionSchemas(doc) : [];
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <>
      <PageHero
        eyebrow={
          <Badge variant="secondary" className="gap-1.5 rounded-full px-3 py-1 text-sm">
            <BracesIcon className="size-3.5!" aria-hidden />
            Developers
          </Badge>
        }
        title="The Wattle PDF API"
        description="Every tool on this site is available over HTTP: send files, get a job, follow its progress and download the result."
        actions={
          <>
            <Button asChild size="lg">
              <a href={REFERENCE_URL}>
                <BookOpenIcon /> API reference
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={OPENAPI_URL} download="wattle-pdf-openapi.json">
                <DownloadIcon /> openapi.json
              </a>
            </Button>
          </>
        }
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[220px_minmax(0,1fr)] lg:px-8">
        <nav aria-label="Endpoints" className="hidden lg:block">
          <div className="sticky top-24 space-y-5 text-sm">
            <a href="#quick-start" className="block font-medium hover:text-primary">
              Quick start
            </a>
            <a href="#api-keys" className="block font-medium hover:text-primary">
              API keys
            </a>
            <a href="#limits" className="block font-medium hover:text-primary">
              Limits
            </a>
            {groups.map((group) => (
              <div key={group.tag}>
                <p className="mb-1.5 font-semibold">{group.tag}</p>
                <ul className="space-y-1 border-l pl-3">
                  {group.endpoints.map((endpoint) => (
                    <li key={endpoint.id}>
                      <a href={`#${endpoint.id}`} className="block truncate text-muted-foreground hover:text-foreground">
                        {endpoint.operation.summary ?? `${endpoint.method.toUpperCase()} ${endpoint.path}`}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {toolOptions.length > 0 && (
              <a href="#tool-options" className="block font-medium hover:text-primary">
                Tool options
              </a>
            )}
          </div>
        </nav>

        <div className="min-w-0 space-y-12">
          <section id="quick-start" className="scroll-mt-24 space-y-4">
            <h2 className="text-2xl font-bold tracking-tight">Quick start</h2>
            <p className="leading-7 text-muted-foreground">
              Create a job with a multipart request, then read it until its status is <code className="font-mono text-foreground">succeeded</code> and download each output.
              Without an account, jobs belong to a visitor cookie; account holders sign in and can also send the ids of documents in My Documents.
            </p>
            <CodeBlock>{`curl -c jar -b jar -F tool=merge -F 'options={}' \\
  -F files=@first.pdf -F files=@second.pdf \\
  ${origin}/api/v1/jobs

curl -b jar ${origin}/api/v1/jobs/<id>`}</CodeBlock>
          </section>

          <section id="api-keys" className="scroll-mt-24 space-y-4">
            <h2 className="text-2xl font-bold tracking-tight">API keys</h2>
            <p className="leading-7 text-muted-foreground">
              Scripts sign in with an API key: make one under{' '}
              <Link to="/dashboard/settings?tab=api-keys" className="text-foreground underline underline-offset-4">
                Settings → API keys
              </Link>{' '}
              and send it as <code className="font-mono text-foreground">Authorization: Bearer</code> on any <code className="font-mono text-foreground">/api/v1</code>{' '}
              route. The request acts as you, with no cookies: a request with both is refused. A revoked or expired key answers 401, and each key has its own
              rate limit. This merges two PDFs and downloads the result (it needs curl and jq):
            </p>
            <CodeBlock>{apiKeyCurlExample(origin)}</CodeBlock>
          </section>

          <section id="limits" className="scroll-mt-24 space-y-4">
            <h2 className="text-2xl font-bold tracking-tight">Limits</h2>
            <p className="leading-7 text-muted-foreground">
              An API key has its owner&apos;s limits. <code className="font-mono text-foreground">GET /api/v1/tools</code> answers with the caller&apos;s.
            </p>
            <LimitsTable caption="API limits without an account and with a free account" />
          </section>

          {query.isPending && (
            <div className="space-y-4">
              <Skeleton className="h-8 w-48" />
              <Skeleton className="h-40 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          )}
          {query.isError && <p className="text-destructive">The API description could not be loaded. Please try again later.</p>}

          {doc &&
            groups.map((group) => (
              <section key={group.tag} aria-labelledby={`tag-${group.tag}`} className="space-y-5">
                <div>
                  <h2 id={`tag-${group.tag}`} className="text-2xl font-bold tracking-tight">
                    {group.tag}
                  </h2>
                  {group.description && <p className="mt-1 text-muted-foreground">{group.description}</p>}
                </div>
                {group.endpoints.map((endpoint) => (
                  <EndpointCard key={endpoint.id} doc={doc} endpoint={endpoint} />
                ))}
              </section>
            ))}

          {doc && toolOptions.length > 0 && (
            <section id="tool-options" aria-labelledby="tool-options-title" className="scroll-mt-24 space-y-5">
              <div>
                <h2 id="tool-options-title" className="text-2xl font-bold tracking-tight">
                  Tool options
                </h2>
                <p className="mt-1 text-muted-foreground">
                  Send these as the <code className="font-mono text-foreground">options</code> JSON of a job or batch. Anything left out takes its default.
                </p>
              </div>
              <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                {toolOptions.map(({ toolId, variants, example }) => (
                  <article key={toolId} id={`options-${toolId}`} className="space-y-3 rounded-xl border bg-card p-4">
                    <h3 className="flex flex-wrap items-baseline gap-x-2 font-semibold">
                      {getTool(toolId)?.name ?? toolId}
                      <code className="font-mono text-xs font-normal text-muted-foreground">{toolId}</code>
                    </h3>
                    {variants.map(({ label, schema }) => {
                      const properties = schemaProperties(doc, schema);
                      return properties.length === 0 ? (
                        <p key={label ?? 'none'} className="text-sm text-muted-foreground">
                          No options.
                        </p>
                      ) : (
                        <FieldTable
                          key={label ?? 'fields'}
                          title={label ? `With ${label}` : ''}
                          rows={properties.map((p) => ({ name: p.name, required: p.required, type: summariseSchema(doc, p.schema), description: resolveRef(doc, p.schema).description }))}
                        />
                      );
                    })}
                    {example !== undefined && <CodeBlock>{JSON.stringify(example, null, 2)}</CodeBlock>}
                  </article>
                ))}
              </div>
            </section>
          )}
        </div>
      </div>
    </>
  );
}

function EndpointCard({ doc, endpoint }: { doc: OpenApiDocument; endpoint: Endpoint }) {
  const { method, path, operation } = endpoint;
  const parameters = (operation.parameters ?? []).map((p) => resolveRef(doc, p));
  const body = operation.requestBody ? resolveRef(doc, operation.requestBody) : undefined;
  return (
    <article id={endpoint.id} className="scroll-mt-24 overflow-hidden rounded-xl border bg-card">
      <header className="flex flex-wrap items-center gap-3 border-b bg-muted/40 px-4 py-3">
        <span className={cn('rounded-md px-2 py-0.5 font-mono text-xs font-bold uppercase', METHOD_STYLE[method])}>{method}</span>
        <code className="min-w-0 font-mono text-sm break-all">{path}</code>
        {operation.summary && <span className="text-sm text-muted-foreground sm:ml-auto">{operation.summary}</span>}
      </header>
      <div className="space-y-5 p-4">
        {operation.description && <p className="text-sm leading-6 whitespace-pre-line text-muted-foreground">{operation.description}</p>}
        {parameters.length > 0 && (
          <FieldTable
            title="Parameters"
            rows={parameters.map((p) => ({ name: p.name, where: p.in, required: Boolean(p.required), type: summariseSchema(doc, p.schema), description: p.description }))}
          />
        )}
        {body?.content &&
          Object.entries(body.content).map(([contentType, media]) => {
            const properties = schemaProperties(doc, media.schema);
            return properties.length > 0 ? (
              <FieldTable
                key={contentType}
                title={`Body (${contentType})`}
                rows={properties.map((p) => ({ name: p.name, required: p.required, type: summariseSchema(doc, p.schema), description: resolveRef(doc, p.schema).description }))}
              />
            ) : (
              <p key={contentType} className="text-sm">
                <span className="font-semibold">Body</span> <span className="text-muted-foreground">({contentType}): {summariseSchema(doc, media.schema)}</span>
              </p>
            );
          })}
        {operation.responses && (
          <div>
            <h4 className="mb-2 text-sm font-semibold">Responses</h4>
            <ul className="space-y-1.5 text-sm">
              {Object.entries(operation.responses).map(([status, response]) => {
                const schema = Object.values(response.content ?? {})[0]?.schema;
                return (
                  <li key={status} className="flex gap-3">
                    <span className={cn('w-10 shrink-0 font-mono font-semibold', status.startsWith('2') ? 'text-emerald-700 dark:text-emerald-300' : 'text-destructive')}>{status}</span>
                    <span className="min-w-0 text-muted-foreground">
                      {response.description}
                      {schema && <span className="text-foreground"> · {summariseSchema(doc, schema)}</span>}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </div>
    </article>
  );
}

interface FieldRow {
  name: string;
  where?: string;
  required: boolean;
  type: string;
  description?: string;
}

function FieldTable({ title, rows }: { title: string; rows: FieldRow[] }) {
  return (
    <div>
      {title && <h4 className="mb-2 text-sm font-semibold">{title}</h4>}
      <dl className="divide-y rounded-lg border text-sm">
        {rows.map((row) => (
          <div key={`${row.where ?? ''}${row.name}`} className="grid gap-1 px-3 py-2.5 sm:grid-cols-[minmax(0,160px)_minmax(0,1fr)] sm:gap-4">
            <dt className="min-w-0">
              <code className="font-mono font-medium break-all">{row.name}</code>
              <span className="block text-xs text-muted-foreground">
                {[row.where, row.required ? 'required' : 'optional'].filter(Boolean).join(' · ')}
              </span>
            </dt>
            <dd className="min-w-0 text-muted-foreground">
              {row.type && <span className="block font-mono text-xs text-foreground">{row.type}</span>}
              {row.description}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function CodeBlock({ children }: { children: string }) {
  // Focusable, so keyboard users can scroll a long line sideways.
  return (
    <pre tabIndex={0} className="overflow-x-auto rounded-xl bg-eucalyptus-900 p-4 font-mono text-sm leading-6 text-white/90 dark:bg-black/40">
      <code>{children}</code>
    </pre>
  );
}
