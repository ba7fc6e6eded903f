import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ports } from '../../ports.ts';

/** Signed download links: an output can be fetched without cookies until it expires (the link is the key). */

const signature = (secret: string, id: string, expires: number) =>
  createHmac('sha256', secret).update(`output-download:${id}:${expires}`).digest('base64url');

/** A relative URL that downloads the output until it expires. */
export function signedDownloadUrl(container: Pick<Ports, 'authSecret'>, output: { id: string; expiresAt: Date }): string {
  const expires = Math.floor(output.expiresAt.getTime() / 1000);
  return `/api/v1/outputs/${output.id}/download?expires=${expires}&signature=${signature(container.authSecret, output.id, expires)}`;
}

export function validSignature(container: Pick<Ports, 'clock' | 'authSecret'>, id: string, expires: string | undefined, given: string | undefined): boolean {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= container.clock.now().getTime()) return false;
  const expected = Buffer.from(signature(container.authSecret, id, Number(expires)));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
