import type { Ports } from '../ports.ts';

/**
 * The dev outbox exists only when no SMTP server is configured. It holds live sign-in and reset
 * links, so it is never served in production, whatever the mail setup.
 */
export function devMailAvailable(container: Pick<Ports, 'config' | 'mailer'>): boolean {
  return !!container.mailer.outbox && !container.config.production;
}
