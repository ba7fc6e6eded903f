import type { SupportTicket, SupportTicketInput } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { getCompanyInfo } from '../repositories/company-info.ts';
import { findProfile } from '../repositories/profiles.ts';
import { insertSupportTicket } from '../repositories/support-tickets.ts';
import { takeFromRateLimit } from './rate-limit.ts';
import type { SessionUser } from './profile.ts';

/** Enough for a real conversation, too few to flood the support inbox. */
export const SUPPORT_TICKETS_PER_HOUR = 5;

export type SupportTicketJson = SupportTicket;

/** Stores the ticket, then mails it to the company's support address with replies going to the user. */
export async function fileSupportTicket(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'mailer'>, user: SessionUser, input: SupportTicketInput): Promise<SupportTicketJson> {
  await takeFromRateLimit(container, `support:${user.id}`, { max: SUPPORT_TICKETS_PER_HOUR, windowSeconds: 3600 });
  const now = container.clock.now();
  const [profile, company] = await Promise.all([findProfile(container.db, user.id), getCompanyInfo(container.db)]);
  if (!company) throw new Error('company_info is not seeded');
  // Replies go to the verified sign-in address; the profile's contact email is only mentioned.
  const replyTo = user.email;
  const contact = profile?.email && profile.email !== user.email ? profile.email : undefined;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ') || user.name || 'User';

  const ticket = await insertSupportTicket(container.db, { userId: user.id, replyTo, subject: input.subject, message: input.message, createdAt: now });
  const reference = ticketReference(ticket.id);
  const lines = [
    `Support request ${reference}`,
    `From: ${name} <${replyTo}>`,
    ...(contact ? [`Contact email on the profile: ${contact}`] : []),
    `Account: ${user.id}`,
    `Subject: ${input.subject}`,
    '',
    input.message,
  ];
  try {
    await container.mailer.send({
      to: company.emailSupport,
      replyTo,
      subject: `[${reference}] ${input.subject}`,
      text: lines.join('\n'),
      html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
    });
  } catch (err) {
    // The ticket is stored and can be read from the database; a resend is an operations task.
    container.logger.error({ err, ticketId: ticket.id }, 'support ticket mail failed');
  }
  return { id: ticket.id, reference, subject: ticket.subject, created_at: ticket.createdAt.toISOString() };
}

export function ticketReference(id: string): string {
  return `WP-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
