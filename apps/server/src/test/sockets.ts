import { request as httpRequest, type Agent, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_TIMEOUTS, listen, type FetchHandler, type HttpTimeouts } from '../http/server.ts';

export interface LoopbackServer {
  port: number;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (random port), with the production timeouts unless told otherwise. */
export async function serveOnLoopback(fetch: FetchHandler, timeouts: Partial<HttpTimeouts> = {}): Promise<LoopbackServer> {
  const server = await listen(fetch, { port: 0, hostname: '127.0.0.1' }, { ...HTTP_TIMEOUTS, ...timeouts });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export interface PartialSend {
  method: string;
  path: string;
  headers: OutgoingHttpHeaders;
  /** Sent as the body, then the client goes quiet (the socket stays open). */
  body: Iterable<Buffer> | AsyncIterable<Buffer>;
}

export interface Answer {
  /** Undefined when the server closed the connection without answering. */
  status?: number;
  headers?: IncomingHttpHeaders;
  body: string;
  /** Body bytes the client had handed to its socket when the connection closed. */
  bytesSent: number;
}

/**
 * Sends a request whose body may stop short of its Content-Length and resolves once the server has
 * closed the connection, with whatever answer came before: a server that never closes leaves this pending.
 */
export function sendAndAwaitClose(port: number, send: PartialSend): Promise<Answer> {
  return new Promise((resolve) => {
    let bytesSent = 0;
    let response: IncomingMessage | undefined;
    const chunks: Buffer[] = [];
    const req = httpRequest({ host: '127.0.0.1', port, method: send.method, path: send.path, headers: send.headers, agent: false });
    req.on('error', () => {}); // the server may close while we are still sending: that is the point
    req.on('socket', (socket) =>
      socket.once('close', () => resolve({ status: response?.statusCode, headers: response?.headers, body: Buffer.concat(chunks).toString(), bytesSent })),
    );
    req.on('response', (res) => {
      response = res;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', () => {});
    });
    req.flushHeaders();
    void (async () => {
      for await (const chunk of send.body) {
        if (req.destroyed || req.socket?.destroyed) return;
        bytesSent += chunk.length;
        if (!req.write(chunk)) await drainedOrClosed(req);
      }
    })();
  });
}

export interface AgentAnswer extends Omit<Answer, 'bytesSent'> {
  /** The client's error when the connection failed before an answer had been read. */
  error?: string;
}

/**
 * Sends a whole request through `agent` (a keep-alive one reuses its connections, as browsers and SDKs
 * do) and resolves once the answer has been read, or with the error the client saw.
 */
export function sendOnAgent(agent: Agent, port: number, send: PartialSend): Promise<AgentAnswer> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: send.method, path: send.path, headers: send.headers, agent });
    req.on('error', (err) => resolve({ body: '', error: err.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (err) => resolve({ body: '', error: err.message }));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    void (async () => {
      for await (const chunk of send.body) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await drainedOrClosed(req);
      }
      req.end();
    })();
  });
}

function drainedOrClosed(req: ClientRequest): Promise<void> {
  return new Promise((done) => {
    const settle = () => {
      req.off('drain', settle);
      req.off('close', settle);
      done();
    };
    req.on('drain', settle);
    req.on('close', settle);
  });
}
