import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from '../domain/webhook-address.ts';
import { sendWebhook } from './webhook-sender.ts';

interface Receiver {
  url: string;
  port: number;
  paths: string[];
  connections: number;
  server: Server;
}

const open: Server[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A receiver on this machine that records what reached it. */
async function receiver(handler: RequestListener): Promise<Receiver> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    handler(req, res);
  });
  open.push(server);
  const state = { paths, connections: 0, server } as Receiver;
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}/hook`;
  return state;
}

const delivery = { body: '{"type":"job.succeeded"}', headers: { 'webhook-id': 'msg_1' } };

describe('where a webhook may point', () => {
  it('is a public unicast address, judged after unmapping IPv4-mapped IPv6', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not an address']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['1.1.1.1', '54.66.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('is not an IPv4 address written as IPv4-compatible IPv6, nor any IPv6 outside global unicast', () => {
    // ::127.0.0.1 is ::7f00:1 and ::a9fe:a9fe is 169.254.169.254 (the metadata address) in the deprecated ::/96 form.
    for (const address of ['::7f00:1', '::127.0.0.1', '::a9fe:a9fe', '::a00:1', '::1:2:3', '100::1']) expect(isPublicAddress(address), address).toBe(false);
  });

  it('is https, or http to this machine only where WEBHOOK_ALLOW_LOOPBACK says so', () => {
    expect(webhookUrlProblem('https://hooks.example.com.au/in', false)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:8080/in', true)).toBeNull();
    expect(webhookUrlProblem('http://localhost/in', true)).toBeNull();
    expect(webhookUrlProblem('https://[::1]/in', true)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:8080/in', false)).toBe('Enter an https:// address');
    expect(webhookUrlProblem('http://hooks.example.com.au/in', true)).toBe('Enter an https:// address');
    expect(webhookUrlProblem('ftp://hooks.example.com.au/in', false)).toBe('Enter an https:// address');
    expect(webhookUrlProblem('https://user:pw@hooks.example.com.au/in', false)).toBe('Leave the user name and password out of the address');
  });

  it('is never private or link-local, even where loopback is allowed', () => {
    for (const host of ['10.0.0.8', '192.168.1.1', '169.254.169.254', '[fe80::1]', '[::a9fe:a9fe]', '[::ffff:10.0.0.1]', '[::127.0.0.1]']) {
      expect(webhookUrlProblem(`https://${host}/in`, true), host).toBe('The address must be on the public internet');
    }
  });
});

describe('sendWebhook', () => {
  it('refuses loopback, private, link-local, IPv6 loopback, IPv4-mapped and IPv4-compatible addresses without connecting', async () => {
    const target = await receiver((_req, res) => res.end('ok'));
    for (const host of ['127.0.0.1', '10.0.0.8', '169.254.169.254', '[::1]', '[::ffff:127.0.0.1]', '[::127.0.0.1]', '[::a9fe:a9fe]', 'localhost']) {
      const attempt = await sendWebhook({ ...delivery, url: `https://${host}:${target.port}/hook`, allowLoopback: false });
      expect(attempt, host).toEqual({ delivered: false, statusCode: null, error: 'The address must be on the public internet' });
    }
    expect(target.connections).toBe(0);
  });

  it('refuses a host name that resolves to a private address, at connection time', async () => {
    const target = await receiver((_req, res) => res.end('ok'));
    // DNS is the outside world here: this resolver answers as a rebinding attacker's would.
    const resolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const attempt = await sendWebhook({ ...delivery, url: `https://hooks.example.com.au:${target.port}/hook`, allowLoopback: false, resolveHost });
    expect(attempt.delivered).toBe(false);
    expect(attempt.error).toBe('Refused: hooks.example.com.au resolves to an address that is not public');
    expect(target.connections).toBe(0);
  });

  it('refuses a host name that resolves to a private address where loopback is allowed, and lets one that resolves to loopback through', async () => {
    const target = await receiver((_req, res) => res.writeHead(204).end());
    const privateHost = async () => [{ address: '10.0.0.8', family: 4 }];
    const refused = await sendWebhook({ ...delivery, url: `http://localhost:${target.port}/hook`, allowLoopback: true, resolveHost: privateHost });
    expect(refused.error).toBe('Refused: localhost resolves to an address that is not public');
    expect(target.connections).toBe(0);
    const loopback = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await sendWebhook({ ...delivery, url: `http://localhost:${target.port}/hook`, allowLoopback: true, resolveHost: loopback })).toEqual({ delivered: true, statusCode: 204, error: null });
  });

  it('delivers on a 2xx answer', async () => {
    const target = await receiver((_req, res) => res.writeHead(204).end());
    expect(await sendWebhook({ ...delivery, url: target.url, allowLoopback: true })).toEqual({ delivered: true, statusCode: 204, error: null });
  });

  it('never follows a redirect: a 3xx is a failed attempt', async () => {
    const target = await receiver((req, res) => (req.url === '/hook' ? res.writeHead(302, { location: '/elsewhere' }).end() : res.end('ok')));
    expect(await sendWebhook({ ...delivery, url: target.url, allowLoopback: true })).toEqual({ delivered: false, statusCode: 302, error: 'HTTP 302' });
    expect(target.paths).toEqual(['/hook']);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const target = await receiver(() => {});
    const attempt = await sendWebhook({ ...delivery, url: target.url, allowLoopback: true, timeoutMs: 200 });
    expect(attempt).toEqual({ delivered: false, statusCode: null, error: 'No answer within 0.2 s' });
  });

  it('reads at most 64 KiB of an answer and hangs up (an endless body does not hold the attempt)', async () => {
    const target = await receiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    expect(await sendWebhook({ ...delivery, url: target.url, allowLoopback: true })).toEqual({ delivered: true, statusCode: 200, error: null });
  });
});
