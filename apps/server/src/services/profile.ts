import { isTimeZone, splitFullName, type Profile, type ProfileUpdate } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { ensureProfile, updateProfile, type ProfileChanges, type ProfileRow } from '../repositories/profiles.ts';
import { welcomeOnce } from './notifications.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The spec's snake_case profile (section 3), plus the locale, time zone and last sign-in. */
export type ProfileJson = Profile;

/**
 * The signed-in user's profile. The dashboard reads it on every visit, so this is also where an
 * account's first visit is noticed: it is welcomed (once, whatever the race) and its time zone starts
 * as the browser's (`browserTimeZone`) rather than the column's default.
 */
export async function getProfile(container: Pick<Ports, 'logger' | 'clock' | 'db' | 'events'>, user: SessionUser, browserTimeZone?: string): Promise<ProfileJson> {
  let row = await profileRow(container, user);
  const firstVisit = await welcomeOnce(container, user.id);
  if (firstVisit && browserTimeZone && isTimeZone(browserTimeZone) && browserTimeZone !== row.timeZone) {
    row = (await updateProfile(container.db, user.id, { timeZone: browserTimeZone }, container.clock.now())) ?? row;
  }
  return toProfileJson(row);
}

/** Changes only the fields given. The email here is the contact address; the sign-in email is the auth service's. */
export async function patchProfile(container: Pick<Ports, 'clock' | 'db'>, user: SessionUser, update: ProfileUpdate): Promise<ProfileJson> {
  const current = await profileRow(container, user);
  const changes = toChanges(update);
  if (Object.keys(changes).length === 0) return toProfileJson(current);
  const row = await updateProfile(container.db, user.id, changes, container.clock.now());
  return toProfileJson(row!);
}

function profileRow(container: Pick<Ports, 'db'>, user: SessionUser): Promise<ProfileRow> {
  const { firstName, lastName } = splitFullName(user.name ?? '');
  return ensureProfile(container.db, { id: user.id, email: user.email, firstName, lastName });
}

export async function setAvatarUrl(container: Pick<Ports, 'clock' | 'db'>, userId: string, avatarUrl: string): Promise<void> {
  await updateProfile(container.db, userId, { avatarUrl }, container.clock.now());
}

function toChanges(u: ProfileUpdate): ProfileChanges {
  const changes: ProfileChanges = {
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    // An emptied optional field is stored as absent.
    companyName: u.company_name === undefined ? undefined : u.company_name || null,
    phoneNumber: u.phone_number === undefined ? undefined : u.phone_number || null,
    pdfViewerMode: u.pdf_viewer_mode,
    pdfExportQuality: u.pdf_export_quality,
    preferredPageSize: u.preferred_page_size,
    autoSaveFrequency: u.auto_save_frequency,
    removeActiveContent: u.remove_active_content,
    timeZone: u.time_zone,
    locale: u.locale,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ProfileChanges;
}

export function toProfileJson(row: ProfileRow): ProfileJson {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    phone_number: row.phoneNumber,
    email: row.email,
    avatar_url: row.avatarUrl,
    // The columns' check constraints hold them to the settings' choices.
    pdf_viewer_mode: row.pdfViewerMode as Profile['pdf_viewer_mode'],
    pdf_export_quality: row.pdfExportQuality as Profile['pdf_export_quality'],
    preferred_page_size: row.preferredPageSize as Profile['preferred_page_size'],
    auto_save_frequency: row.autoSaveFrequency as Profile['auto_save_frequency'],
    remove_active_content: row.removeActiveContent,
    time_zone: row.timeZone,
    locale: row.locale,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}
