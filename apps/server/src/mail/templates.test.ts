import { describe, expect, it } from 'vitest';
import { renderHtml } from './layout.ts';
import { accountDeletedMail, accountExistsMail, changeEmailMail, emailChangingMail, magicLinkMail, resetPasswordMail, verifyEmailMail } from './templates.ts';

const brand = { tradingName: 'Wattle PDF', abn: '63615000681', address: 'Level 12, 345 George Street, Sydney NSW 2000', publicUrl: 'https://wattlepdf.example' };
const url = 'https://wattlepdf.example/api/auth/verify-email?token=abc&callbackURL=%2Fauth%2Fcallback';

describe('auth mails', () => {
  it('have a subject, branded HTML and a plain-text part carrying the same link', () => {
    for (const mail of [
      verifyEmailMail(brand, { name: 'Kylie Ann Minogue', url, expiresInSeconds: 86400 }),
      magicLinkMail(brand, { url, expiresInSeconds: 900 }),
      resetPasswordMail(brand, { name: 'Kylie', url, expiresInSeconds: 3600 }),
      accountExistsMail(brand, { name: 'Kylie', signInUrl: url }),
      changeEmailMail(brand, { name: 'Kylie', url, expiresInSeconds: 86400 }),
    ]) {
      expect(mail.subject).toContain('Wattle PDF');
      expect(mail.html).toContain('<html lang="en-AU">');
      expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
      expect(mail.html).toContain('ABN 63 615 000 681');
      expect(mail.text).toContain(url);
      expect(mail.text).toContain('ABN 63 615 000 681');
    }
  });

  it('greet by first name and state how long the link lasts', () => {
    const verify = verifyEmailMail(brand, { name: 'Kylie Ann Minogue', url, expiresInSeconds: 86400 });
    expect(verify.text).toContain("G'day Kylie,");
    expect(verify.text).toContain('This link expires in 24 hours.');
    expect(magicLinkMail(brand, { url, expiresInSeconds: 900 }).text).toContain('This link expires in 15 minutes.');
    expect(resetPasswordMail(brand, { url, expiresInSeconds: 3600 }).text).toContain('This link expires in 1 hour.');
  });

  it('tell the old address that the email is changing, and the person that the account is gone', () => {
    const notice = emailChangingMail(brand, { name: 'Kylie Ann Minogue', newEmail: 'kylie@new.example', resetUrl: 'https://wattlepdf.example/auth/reset-password' });
    expect(notice.subject).toBe('Your Wattle PDF email address is being changed');
    expect(notice.text).toContain("G'day Kylie,");
    expect(notice.text).toContain('kylie@new.example');
    expect(notice.text).toContain('https://wattlepdf.example/auth/reset-password');
    const deleted = accountDeletedMail(brand, { name: 'Kylie' });
    expect(deleted.subject).toBe('Your Wattle PDF account has been deleted');
    expect(deleted.text).toContain('every document');
    expect(deleted.html).toContain('ABN 63 615 000 681');
  });

  it('escape every value put into the HTML', () => {
    const html = renderHtml(brand, { preview: '<b>', heading: 'Hi <script>alert(1)</script>', paragraphs: ['"quoted" & <tag>'], action: { label: 'Go', url: 'https://x.example/?a="><script>' } });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &lt;tag&gt;');
    expect(html).toContain('href="https://x.example/?a=&quot;&gt;&lt;script&gt;"');
  });
});
