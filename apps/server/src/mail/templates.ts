import type { MailMessage } from '../adapters/mailer.ts';
import { renderHtml, renderText, type Brand, type MailContent } from './layout.ts';

export type AuthMail = Omit<MailMessage, 'to'>;

function compose(brand: Brand, subject: string, content: MailContent): AuthMail {
  return { subject, html: renderHtml(brand, content), text: renderText(brand, content) };
}

function greeting(name: string | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `G'day ${first},` : "G'day,";
}

function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  return `${Math.round(seconds / 60)} minutes`;
}

export function verifyEmailMail(brand: Brand, input: { name?: string; url: string; expiresInSeconds: number }): AuthMail {
  return compose(brand, `Verify your email address for ${brand.tradingName}`, {
    preview: 'Confirm your email address to finish creating your account.',
    heading: 'Verify your email address',
    paragraphs: [
      greeting(input.name),
      `Thanks for signing up to ${brand.tradingName}. Please confirm that this is your email address to finish creating your account. You will be signed in straight away.`,
    ],
    action: { label: 'Verify email address', url: input.url },
    footnote: `This link expires in ${lifetime(input.expiresInSeconds)}. If you did not create an account, you can ignore this email.`,
  });
}

export function magicLinkMail(brand: Brand, input: { url: string; expiresInSeconds: number }): AuthMail {
  return compose(brand, `Your ${brand.tradingName} sign-in link`, {
    preview: 'Use this link to sign in. It works once.',
    heading: 'Sign in to your account',
    paragraphs: [greeting(undefined), `Use the button below to sign in to ${brand.tradingName}. The link works once.`],
    action: { label: 'Sign in', url: input.url },
    footnote: `This link expires in ${lifetime(input.expiresInSeconds)}. If you did not ask to sign in, you can ignore this email: nobody can sign in without this link.`,
  });
}

export function resetPasswordMail(brand: Brand, input: { name?: string; url: string; expiresInSeconds: number }): AuthMail {
  return compose(brand, `Reset your ${brand.tradingName} password`, {
    preview: 'Choose a new password for your account.',
    heading: 'Reset your password',
    paragraphs: [greeting(input.name), 'We received a request to reset the password for your account. Use the button below to choose a new one. The link works once.'],
    action: { label: 'Choose a new password', url: input.url },
    footnote: `This link expires in ${lifetime(input.expiresInSeconds)}. If you did not ask for a reset, you can ignore this email: your password stays the same.`,
  });
}

/** Sent instead of a second account, so sign-up never reveals that an address is registered. */
export function accountExistsMail(brand: Brand, input: { name?: string; signInUrl: string }): AuthMail {
  return compose(brand, `You already have a ${brand.tradingName} account`, {
    preview: 'Someone tried to create an account with this email address.',
    heading: 'You already have an account',
    paragraphs: [
      greeting(input.name),
      `Someone, hopefully you, tried to create a ${brand.tradingName} account with this email address. You already have one, so nothing has changed.`,
      'Sign in below. If you have forgotten your password, use "Forgot password" on the sign-in page.',
    ],
    action: { label: 'Sign in', url: input.signInUrl },
    footnote: 'If this was not you, you can ignore this email.',
  });
}

/** The one-time code a share-link viewer types to confirm their address. */
export function shareCodeMail(brand: Brand, input: { code: string; documentName: string; expiresInSeconds: number }): AuthMail {
  return compose(brand, `Your code to open ${input.documentName}`, {
    preview: `Your code is ${input.code}.`,
    heading: 'Confirm your email address',
    paragraphs: [
      greeting(undefined),
      `Someone shared "${input.documentName}" with you through ${brand.tradingName}. To open it, enter this code on the page that asked for it:`,
      input.code,
    ],
    footnote: `This code expires in ${lifetime(input.expiresInSeconds)}. If you did not ask for it, you can ignore this email.`,
  });
}

/** Sent to the new address: the change takes effect only when this link is followed. */
export function changeEmailMail(brand: Brand, input: { name?: string; url: string; expiresInSeconds: number }): AuthMail {
  return compose(brand, `Confirm your new email address for ${brand.tradingName}`, {
    preview: 'Confirm this address to finish changing your account email.',
    heading: 'Confirm your new email address',
    paragraphs: [
      greeting(input.name),
      `You asked to use this email address for your ${brand.tradingName} account. Confirm it below; until then, your account keeps its current address.`,
    ],
    action: { label: 'Confirm new email address', url: input.url },
    footnote: `This link expires in ${lifetime(input.expiresInSeconds)}. If you did not ask for this, you can ignore this email.`,
  });
}

/** Sent to the old address when a change is asked for, so a change nobody asked for is noticed. */
export function emailChangingMail(brand: Brand, input: { name?: string; newEmail: string; resetUrl: string }): AuthMail {
  return compose(brand, `Your ${brand.tradingName} email address is being changed`, {
    preview: `Someone asked to change your account email to ${input.newEmail}.`,
    heading: 'Your email address is being changed',
    paragraphs: [
      greeting(input.name),
      `Someone signed in to your ${brand.tradingName} account asked to change its email address to ${input.newEmail}. The change happens once the link sent to that address is followed.`,
      'If this was you, there is nothing more to do. If it was not, reset your password straight away: that signs out every device. Then contact our support team.',
    ],
    action: { label: 'Reset your password', url: input.resetUrl },
    footnote: 'We sent this to your current address so that you know about any change to how you sign in.',
  });
}

/** The confirmation after an account and everything in it were erased. */
export function accountDeletedMail(brand: Brand, input: { name?: string }): AuthMail {
  return compose(brand, `Your ${brand.tradingName} account has been deleted`, {
    preview: 'Your account and everything in it have been erased.',
    heading: 'Your account has been deleted',
    paragraphs: [
      greeting(input.name),
      `As you asked, we deleted your ${brand.tradingName} account. Your details, every document and its versions, your tool results, share links, profile picture and saved signatures have been erased, and every device has been signed out.`,
      'This cannot be undone. You are welcome to create a new account at any time.',
    ],
    footnote: 'This is the last email we will send to this address about this account.',
  });
}

/** An invitation to a team: the link opens the invitation, which works once and only for this address. */
export function teamInvitationMail(brand: Brand, input: { inviterName: string; teamName: string; role: string; url: string; expiresInDays: number }): AuthMail {
  return compose(brand, `${input.inviterName} invited you to ${input.teamName} on ${brand.tradingName}`, {
    preview: `Join ${input.teamName} to work on its documents together.`,
    heading: `Join ${input.teamName}`,
    paragraphs: [
      greeting(undefined),
      `${input.inviterName} invited you to join the team "${input.teamName}" on ${brand.tradingName} as ${input.role === 'admin' ? 'an admin' : 'a member'}. Team members share the team's documents, tools and share links.`,
      'Open the invitation below. If you do not have an account yet, you can create one with this email address and join straight after.',
    ],
    action: { label: 'Open the invitation', url: input.url },
    footnote: `This invitation expires in ${input.expiresInDays} days and works only for this email address. If you did not expect it, you can ignore this email.`,
  });
}

/** A paid invoice's tax invoice, as a PDF attached; the same invoice stays in the dashboard's billing page. */
export function taxInvoiceMail(brand: Brand, input: { name?: string; number: string; total: string; url: string }): AuthMail {
  return compose(brand, `Your ${brand.tradingName} tax invoice ${input.number}`, {
    preview: `Thanks for your payment of ${input.total}. Your tax invoice is attached.`,
    heading: 'Thanks for your payment',
    paragraphs: [greeting(input.name), `We received your payment of ${input.total}. Your tax invoice ${input.number} is attached as a PDF. It shows our ABN and the GST included in the price.`],
    action: { label: 'See your invoices', url: input.url },
    footnote: 'You can download every invoice again from the Billing page of your dashboard.',
  });
}
