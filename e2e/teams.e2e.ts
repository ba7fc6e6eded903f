import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/server/src/test/pdfs.ts';
import { E2E_PASSWORD, signUpAndSignIn } from './support/accounts.ts';
import { noToasts, seriousAxeViolations } from './support/axe.ts';
import { screenshot, viewports } from './support/browser.ts';
import { mailedLink } from './support/outbox.ts';
import { appAndBrowserForFile, openPage } from './support/pages.ts';

const host = appAndBrowserForFile();

const newPage = (viewport: keyof typeof viewports, theme: 'light' | 'dark') => openPage(host, viewport, theme);

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
/** Pictures and axe see the page alone, not a toast fading out. */
const switcher = (page: Page, space: string) => page.getByRole('button', { name: `Space: ${space}. Change space` });
const fitsWidth = async (page: Page, viewport: keyof typeof viewports) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports[viewport].width);
const newAddress = () => `e2e-${randomUUID().slice(0, 8)}@example.com.au`;

/** The team page's tabs each pass axe and are pictured. */
async function checkTabs(page: Page, viewport: keyof typeof viewports, theme: 'light' | 'dark') {
  for (const tab of ['Members', 'Activity', 'Roles', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('heading', { name: tab === 'Members' ? /^Members \(\d+\)$/ : tab === 'Settings' ? 'Name' : tab, level: 2 }).waitFor();
    await fitsWidth(page, viewport);
    await screenshot(page, `team-${tab.toLowerCase()}-${viewport}-${theme}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }
}

describe('teams', () => {
  it('an owner invites a new person, who signs up from the mail, joins and uploads; the owner sees it, then removes them', async () => {
    const owner = await newPage('desktop', 'light');
    await signUpAndSignIn(owner.page, host.app, 'Matilda Jones');

    // Personal, in no team: the Team page offers to create one, the short name following the name.
    await owner.page.goto('/dashboard/team');
    await owner.page.getByRole('heading', { name: 'Create a team' }).waitFor();
    await noToasts(owner.page);
    await screenshot(owner.page, 'team-personal-desktop-light');
    expect(await seriousAxeViolations(owner.page)).toEqual([]);
    await owner.page.getByLabel('Team name').fill('Harbourside Accounting');
    expect(await owner.page.getByLabel('Short name').inputValue()).toBe('harbourside-accounting');
    await owner.page.getByRole('button', { name: 'Create team' }).click();
    await toast(owner.page, 'Team created').waitFor();
    await switcher(owner.page, 'Harbourside Accounting').waitFor();
    await owner.page.getByRole('heading', { name: 'Harbourside Accounting', level: 1 }).waitFor();

    // Invite a second address, which has no account yet.
    const invitee = newAddress();
    await owner.page.getByLabel('Email address').fill(invitee);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    await toast(owner.page, 'Invitation sent').waitFor();
    await owner.page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).waitFor();
    const link = await mailedLink(host.app, invitee);
    expect(link).toMatch(new RegExp(`^${host.app.url}/team/invite/[^/\\s]+$`));

    // The invited person opens the link signed out, on a phone, and signs up from it.
    const joiner = await newPage('phone', 'dark');
    await joiner.page.goto(link);
    await joiner.page.getByRole('heading', { name: 'Join your team' }).waitFor();
    await fitsWidth(joiner.page, 'phone');
    await screenshot(joiner.page, 'team-invite-signed-out-phone-dark');
    expect(await seriousAxeViolations(joiner.page)).toEqual([]);
    await joiner.page.getByRole('link', { name: 'Create an account' }).click();
    await joiner.page.getByLabel('Full name').fill('Ned Kelly');
    await joiner.page.getByLabel('Email').fill(invitee);
    await joiner.page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await joiner.page.getByLabel('Confirm password').fill(E2E_PASSWORD);
    await joiner.page.getByRole('button', { name: 'Create account' }).click();
    await joiner.page.waitForURL('**/auth/verify-email');
    // Verified and signed in, they land on the dashboard, where the switcher offers the invitation.
    await joiner.page.goto(await mailedLink(host.app, invitee, 'Verify your email'));
    await joiner.page.waitForURL(/\/dashboard$/);
    await switcher(joiner.page, 'Personal').click();
    await joiner.page.getByRole('menuitem', { name: '1 invitation to a team' }).waitFor();
    await joiner.page.keyboard.press('Escape');
    // The mail's link, opened again signed in, names the team, the inviter and the role.
    await joiner.page.goto(link);
    await joiner.page.getByRole('heading', { name: 'Join Harbourside Accounting' }).waitFor();
    await joiner.page.getByText(/invited you to join as a member/).waitFor();
    await noToasts(joiner.page);
    await fitsWidth(joiner.page, 'phone');
    await screenshot(joiner.page, 'team-invite-signed-in-phone-dark');
    expect(await seriousAxeViolations(joiner.page)).toEqual([]);
    await joiner.page.getByRole('button', { name: 'Accept invitation' }).click();
    await joiner.page.waitForURL('**/dashboard/documents');
    await switcher(joiner.page, 'Harbourside Accounting').waitFor();
    await fitsWidth(joiner.page, 'phone');

    // They upload into the team's My Documents.
    await joiner.page.getByLabel('Choose PDF files to upload').setInputFiles([{ name: 'Team minutes.pdf', mimeType: 'application/pdf', buffer: await makePdf({ pages: 2 }) }]);
    await joiner.page.getByText('Your PDF has been uploaded successfully.').waitFor();
    const listed = (await (await joiner.page.request.get('/api/documents')).json()) as { items: Array<{ id: string; filename: string }> };
    const documentId = listed.items.find((d) => d.filename === 'Team minutes.pdf')!.id;
    expect((await joiner.page.request.get(`/api/documents/${documentId}/download`)).status()).toBe(200);

    // The owner sees the file and the activity entry.
    await owner.page.goto('/dashboard/documents');
    await owner.page.getByText('Team minutes.pdf').first().waitFor();
    await owner.page.goto('/dashboard/team?tab=activity');
    await owner.page.getByText('Ned Kelly uploaded Team minutes.pdf').waitFor();
    await owner.page.getByRole('tab', { name: 'Members' }).click();
    // Within the Members panel: the Activity panel, on its way out, names the address too.
    const members = owner.page.getByRole('tabpanel', { name: 'Members' });
    await members.getByText(invitee).waitFor();
    await noToasts(owner.page);
    await checkTabs(owner.page, 'desktop', 'light');

    // The owner removes them: their next request for the document finds nothing.
    await joiner.page.goto(`/dashboard/edit/${documentId}`);
    await owner.page.getByRole('tab', { name: 'Members' }).click();
    await owner.page.getByRole('button', { name: 'Remove Ned Kelly' }).click();
    await owner.page.getByRole('alertdialog', { name: 'Remove Ned Kelly?' }).getByRole('button', { name: 'Remove member' }).click();
    await toast(owner.page, 'Member removed').waitFor();
    await expect.poll(() => members.getByText(invitee).count()).toBe(0);
    expect((await joiner.page.request.get(`/api/documents/${documentId}/download`)).status()).toBe(404);
    await joiner.page.reload();
    await joiner.page.getByText('This document could not be opened').waitFor();

    expect(owner.errors).toEqual([]);
    expect(joiner.errors).toEqual([]);
  });

  it('keeps the Members tab to the owner’s actions: a member sees no invite form, no role choices and no Settings changes', async () => {
    const owner = await newPage('desktop', 'light');
    await signUpAndSignIn(owner.page, host.app, 'Matilda Jones');
    await owner.page.goto('/dashboard/team');
    await owner.page.getByLabel('Team name').fill('Outback Surveys');
    await owner.page.getByRole('button', { name: 'Create team' }).click();
    await switcher(owner.page, 'Outback Surveys').waitFor();
    // Another team from the switcher: a short name already taken is refused under its field.
    await switcher(owner.page, 'Outback Surveys').click();
    await owner.page.getByRole('menuitem', { name: 'Create a team…' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Create a team' });
    await dialog.getByLabel('Team name').fill('Outback Surveys');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await dialog.getByText('That short name is taken. Choose another.').waitFor();
    expect(await dialog.getByLabel('Short name').getAttribute('aria-invalid')).toBe('true');
    await noToasts(owner.page);
    expect(await seriousAxeViolations(owner.page)).toEqual([]);
    await owner.page.keyboard.press('Escape');
    const member = await newPage('desktop', 'light');
    const memberEmail = await signUpAndSignIn(member.page, host.app, 'Kate Kelly');
    await owner.page.getByLabel('Email address').fill(memberEmail);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    await toast(owner.page, 'Invitation sent').waitFor();

    // An invitation waiting for someone already signed in shows on their Team page and in the switcher.
    await member.page.goto('/dashboard/team');
    await member.page.getByRole('heading', { name: 'Invitations to you' }).waitFor();
    await member.page.getByRole('button', { name: 'Accept the invitation to Outback Surveys' }).click();
    await member.page.waitForURL('**/dashboard/documents');
    await member.page.goto('/dashboard/team');
    await member.page.getByRole('heading', { name: 'Outback Surveys', level: 1 }).waitFor();
    await member.page.getByRole('heading', { name: 'Members (2)' }).waitFor();
    expect(await member.page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    expect(await member.page.getByRole('combobox', { name: /^Role of / }).count()).toBe(0);
    await member.page.getByRole('button', { name: 'Leave team' }).waitFor();
    await member.page.getByRole('tab', { name: 'Settings' }).click();
    await member.page.getByText('Only the team’s owner and admins can change its settings.').waitFor();

    // Settings → API keys: whose keys these are, and no Create for a member.
    await member.page.goto('/dashboard/settings?tab=api-keys');
    await member.page.getByText('Keys made here act for Outback Surveys').waitFor();
    expect(await member.page.getByRole('button', { name: 'Create key' }).count()).toBe(0);

    // Switching back to Personal, by keyboard, re-reads everything, and the switcher says so.
    await switcher(member.page, 'Outback Surveys').focus();
    await member.page.keyboard.press('Enter');
    await expect.poll(() => member.page.getByRole('menuitemradio', { name: 'Outback Surveys' }).getAttribute('aria-checked')).toBe('true');
    const focused = () => member.page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focused).toBe('Personal');
    await member.page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Outback Surveys Member');
    await member.page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe('Personal');
    await member.page.keyboard.press('Enter');
    await switcher(member.page, 'Personal').waitFor();
    await member.page.getByRole('button', { name: 'Create key' }).waitFor();

    // A link that is not (or no longer) an invitation for them says why, signed in.
    await member.page.goto('/team/invite/not-a-real-invitation');
    await member.page.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await member.page.getByText('This invitation has expired or has already been used').waitFor();
    expect(await seriousAxeViolations(member.page)).toEqual([]);

    // In Personal the Team page lists their teams to switch to; in the team, they can leave it.
    await member.page.goto('/dashboard/team');
    await member.page.getByRole('heading', { name: 'Your teams' }).waitFor();
    await member.page.getByRole('button', { name: 'Switch to Outback Surveys' }).click();
    await member.page.getByRole('heading', { name: 'Outback Surveys', level: 1 }).waitFor();
    await member.page.getByRole('button', { name: 'Leave team' }).click();
    await member.page.getByRole('alertdialog', { name: 'Leave Outback Surveys?' }).getByRole('button', { name: 'Leave team' }).click();
    await toast(member.page, 'You left the team').waitFor();
    await switcher(member.page, 'Personal').waitFor();
    await member.page.getByRole('heading', { name: 'Create a team' }).waitFor();
    expect(await member.page.getByRole('heading', { name: 'Your teams' }).count()).toBe(0);
    expect(owner.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  });

  it('changes a role, resends and revokes an invitation, transfers ownership, and the new owner deletes the team by its name', async () => {
    const owner = await newPage('desktop', 'light');
    await signUpAndSignIn(owner.page, host.app, 'Matilda Jones');
    const colleague = await newPage('desktop', 'light');
    const colleagueEmail = await signUpAndSignIn(colleague.page, host.app, 'Kate Kelly');
    await owner.page.goto('/dashboard/team');
    await owner.page.getByLabel('Team name').fill('Murray River Legal');
    await owner.page.getByRole('button', { name: 'Create team' }).click();
    await switcher(owner.page, 'Murray River Legal').waitFor();
    await owner.page.getByLabel('Email address').fill(colleagueEmail);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    await toast(owner.page, 'Invitation sent').waitFor();
    await owner.page.getByLabel('Email address').fill(colleagueEmail);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    await owner.page.getByText(`${colleagueEmail} already has an invitation waiting: use Resend below.`).waitFor();

    // Resend mails the address again; Revoke ends the invitation.
    const other = newAddress();
    await owner.page.getByLabel('Email address').fill(other);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
    // A toast over the list would take the click (and pause while the pointer rests on it): let it go first.
    await toast(owner.page, 'Invitation sent').waitFor();
    await noToasts(owner.page);
    await owner.page.getByRole('button', { name: `Resend the invitation to ${other}` }).click();
    await toast(owner.page, 'Invitation sent again').waitFor();
    await noToasts(owner.page);
    // Someone signed in with another address cannot use it, and is told why.
    await colleague.page.goto(await mailedLink(host.app, other));
    await colleague.page.getByText('This invitation is for another email address').waitFor();
    await colleague.page.getByText(`You are signed in as ${colleagueEmail}.`, { exact: false }).waitFor();
    await owner.page.getByRole('button', { name: `Revoke the invitation to ${other}` }).click();
    await toast(owner.page, 'Invitation revoked').waitFor();
    await expect.poll(() => owner.page.getByRole('button', { name: `Revoke the invitation to ${other}` }).count()).toBe(0);

    // The colleague joins from the switcher's invitation.
    await colleague.page.goto('/dashboard');
    await switcher(colleague.page, 'Personal').click();
    await colleague.page.getByRole('menuitem', { name: '1 invitation to a team' }).click();
    await colleague.page.getByRole('button', { name: 'Accept the invitation to Murray River Legal' }).click();
    await colleague.page.waitForURL('**/dashboard/documents');

    // Made an admin, then the owner.
    await owner.page.reload();
    await owner.page.getByRole('combobox', { name: 'Role of Kate Kelly' }).click();
    await owner.page.getByRole('option', { name: 'Admin' }).click();
    await toast(owner.page, 'Kate Kelly is now an admin.').waitFor();
    await owner.page.getByRole('tab', { name: 'Settings' }).click();
    await owner.page.getByRole('combobox', { name: 'New owner' }).click();
    await owner.page.getByRole('option', { name: `Kate Kelly (${colleagueEmail})` }).click();
    await owner.page.getByRole('button', { name: 'Transfer ownership' }).click();
    await owner.page.getByRole('alertdialog', { name: 'Make Kate Kelly the owner?' }).getByRole('button', { name: 'Transfer ownership' }).click();
    await toast(owner.page, 'Ownership transferred').waitFor();
    await owner.page.getByText('Team · You are an admin').waitFor();
    expect(await owner.page.getByRole('button', { name: 'Delete team' }).count()).toBe(0);

    // The new owner deletes it: the button waits for the team's name.
    await colleague.page.goto('/dashboard/team?tab=settings');
    await colleague.page.getByText('Team · You are the owner').waitFor();
    await colleague.page.getByRole('button', { name: 'Delete team' }).click();
    const dialog = colleague.page.getByRole('dialog', { name: 'Delete Murray River Legal?' });
    await dialog.getByText('The team’s documents go with it').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete team and documents' });
    await dialog.getByLabel('Team name').fill('Murray River');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Team name').fill('Murray River Legal');
    await confirm.click();
    await toast(colleague.page, 'Team deleted').waitFor();
    await switcher(colleague.page, 'Personal').waitFor();
    await colleague.page.getByRole('heading', { name: 'Create a team' }).waitFor();

    // The former owner's next look finds no team either.
    await owner.page.goto('/dashboard/team');
    await switcher(owner.page, 'Personal').waitFor();
    await owner.page.getByRole('heading', { name: 'Create a team' }).waitFor();
    expect(await owner.page.getByRole('heading', { name: 'Your teams' }).count()).toBe(0);
    expect(owner.errors).toEqual([]);
    expect(colleague.errors).toEqual([]);
  });

  for (const [viewport, theme] of [
    ['phone', 'light'],
    ['phone', 'dark'],
    ['desktop', 'dark'],
  ] as const) {
    it(`shows the Team page and the invitation on ${viewport}, ${theme}`, async () => {
      const { page, errors } = await newPage(viewport, theme);
      await signUpAndSignIn(page, host.app, 'Matilda Jones');
      await page.goto('/dashboard/team');
      await page.getByRole('heading', { name: 'Create a team' }).waitFor();
      await noToasts(page);
      await fitsWidth(page, viewport);
      await screenshot(page, `team-personal-${viewport}-${theme}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // A long name, unique to this run (short names are unique across the app).
      const name = `Coastal Conveyancing of New South Wales ${viewport} ${theme}`;
      await page.getByLabel('Team name').fill(name);
      await page.getByRole('button', { name: 'Create team' }).click();
      await switcher(page, name).waitFor();
      await page.getByLabel('Email address').fill(newAddress());
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await toast(page, 'Invitation sent').waitFor();
      await noToasts(page);
      await checkTabs(page, viewport, theme);

      // The switcher's menu on this screen, once it has opened.
      await switcher(page, name).click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Create a team…' }).waitFor();
      await menu.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await fitsWidth(page, viewport);
      await screenshot(page, `team-switcher-${viewport}-${theme}`);
      await page.keyboard.press('Escape');

      const { page: guest } = await newPage(viewport, theme);
      await guest.goto('/team/invite/not-a-real-invitation');
      await guest.getByRole('heading', { name: 'Join your team' }).waitFor();
      await fitsWidth(guest, viewport);
      await screenshot(guest, `team-invite-signed-out-${viewport}-${theme}`);
      expect(await seriousAxeViolations(guest)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
