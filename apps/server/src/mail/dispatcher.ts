import type { Logger } from '../adapters/logger.ts';
import type { MailMessage, Mailer } from '../adapters/mailer.ts';

/**
 * Sends in the background: a request answers in the same time whether or not a mail goes out
 * (so timing never tells whether an account exists), and a slow SMTP server never holds a request.
 * `idle()` resolves once every accepted mail has been handed over (tests and shutdown wait on it).
 */
export function createMailDispatcher(mailer: Mailer, logger: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    /** Runs `compose` (which may look things up and return nothing to send) off the request path. */
    dispatch(compose: () => Promise<MailMessage | undefined> | MailMessage | undefined): void {
      const task = (async () => {
        const message = await compose();
        if (message) await mailer.send(message);
      })()
        .catch((err) => logger.error({ err }, 'mail delivery failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
  };
}

export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
