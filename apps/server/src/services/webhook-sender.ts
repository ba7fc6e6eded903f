import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedTarget, webhookUrlProblem } from '../domain/webhook-address.ts';

/** A receiver gets this long to answer (headers and what we read of the body). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What we read of an answer before hanging up: nobody looks at it, but a stalled socket is worse. */
export const WEBHOOK_RESPONSE_CAP_BYTES = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Loopback targets pass too (WEBHOOK_ALLOW_LOOPBACK); private and link-local ones never do. */
  allowLoopback: boolean;
  timeoutMs?: number;
  resolveHost?: ResolveHost;
}

/** One attempt's outcome: a 2xx answer is delivered; anything else (3xx included) is a failure. */
export interface WebhookAttempt {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}

/** How a host name becomes addresses: the system's resolver; tests stand in for DNS. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: ResolveHost = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Every address a host name resolves to must be an allowed target, in every mode, and the socket
 * connects to the address checked here: a DNS answer cannot change between the check and the
 * connection (rebinding). An address written as an IP is never looked up; webhookUrlProblem judged it.
 */
function checkedLookup(resolveHost: ResolveHost, allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || addresses.some((entry) => !isAllowedTarget(entry.address, allowLoopback))) {
          return callback(new Error(`Refused: ${hostname} resolves to an address that is not public`), '', 0);
        }
        if (options.all) return (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** POSTs one signed delivery. Never follows a redirect; never throws (the outcome says what went wrong). */
export async function sendWebhook({ url, body, headers, allowLoopback, timeoutMs = WEBHOOK_TIMEOUT_MS, resolveHost = systemResolve }: WebhookRequest): Promise<WebhookAttempt> {
  const problem = webhookUrlProblem(url, allowLoopback);
  if (problem) return { delivered: false, statusCode: null, error: problem };
  const target = new URL(url);
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'WattlePDF-Webhooks/1' },
    // A fresh socket for each delivery, so a pooled connection never skips the address check.
    agent: false,
    lookup: checkedLookup(resolveHost, allowLoopback),
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<WebhookAttempt>((resolve) => {
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
    const finish = (attempt: WebhookAttempt) => {
      clearTimeout(timer);
      resolve(attempt);
    };
    const req = send(target, options, (res: IncomingMessage) => {
      const statusCode = res.statusCode ?? null;
      const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
      const outcome = { delivered, statusCode, error: delivered ? null : `HTTP ${statusCode}` };
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Read up to the cap and discard; past it, hang up: the status is all we keep.
        if (read >= WEBHOOK_RESPONSE_CAP_BYTES) {
          res.destroy();
          finish(outcome);
        }
      });
      res.on('end', () => finish(outcome));
      res.on('error', () => finish(outcome));
      res.on('close', () => finish(outcome));
    });
    req.on('error', (err) => finish({ delivered: false, statusCode: null, error: err.message }));
    req.end(body);
  });
}
