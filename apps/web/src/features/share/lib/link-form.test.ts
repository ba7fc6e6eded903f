import { describe, expect, it } from 'vitest';
import type { Link } from '@wattle/shared';
import { emptyLinkForm, formFieldOf, formToSettings, fromWallDateTime, linkFormSchema, linkToForm, splitList, wallDateTime, type LinkFormValues } from './link-form';

const SYDNEY = 'Australia/Sydney';
const PERTH = 'Australia/Perth';
const now = new Date('2026-03-02T00:00:00Z'); // 11 am in Sydney (daylight time), 8 am in Perth

/** The form's side of a link that ends at 9 am Sydney time on 9 March (22:00 UTC the day before), after 25 views, behind a password. */
const NINE_AM_25_VIEWS_WITH_PASSWORD = { expires: true, expiryDate: '2026-03-09', expiryTime: '09:00', limitViews: true, maxViews: '25', usePassword: true } as const;

const errorsOf = (values: Partial<LinkFormValues>, editingWithPassword = false) => {
  const result = linkFormSchema({ timeZone: SYDNEY, now: () => now, editingWithPassword }).safeParse({ ...emptyLinkForm(), ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('wall clock dates', () => {
  it('reads a date and time on the user’s own clock, either side of daylight saving', () => {
    expect(fromWallDateTime('2026-03-02', '17:00', SYDNEY)!.toISOString()).toBe('2026-03-02T06:00:00.000Z'); // AEDT, +11
    expect(fromWallDateTime('2026-06-01', '17:00', SYDNEY)!.toISOString()).toBe('2026-06-01T07:00:00.000Z'); // AEST, +10
    expect(fromWallDateTime('2026-03-02', '17:00', PERTH)!.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(fromWallDateTime('2026-03-02', '', SYDNEY)).toBeUndefined();
    expect(fromWallDateTime('02/03/2026', '17:00', SYDNEY)).toBeUndefined();
  });

  it('writes an instant back as the same date and time', () => {
    expect(wallDateTime(new Date('2026-03-02T06:00:00Z'), SYDNEY)).toEqual({ date: '2026-03-02', time: '17:00' });
    expect(wallDateTime(new Date('2026-03-01T23:30:00Z'), PERTH)).toEqual({ date: '2026-03-02', time: '07:30' });
  });
});

describe('the link form’s rules', () => {
  it('accepts the defaults', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('wants an expiry in the future on the user’s clock', () => {
    expect(errorsOf({ expires: true, expiryDate: '2026-03-02', expiryTime: '10:59' })).toEqual({ expiryDate: 'Choose a time in the future' });
    expect(errorsOf({ expires: true, expiryDate: '2026-03-02', expiryTime: '11:01' })).toEqual({});
    expect(errorsOf({ expires: true, expiryDate: '' })).toEqual({ expiryDate: 'Enter a date and time' });
    expect(errorsOf({ expires: false, expiryDate: '2020-01-01' })).toEqual({});
  });

  it('bounds the views, the password, the name and the lists', () => {
    expect(errorsOf({ limitViews: true, maxViews: '0' })).toHaveProperty('maxViews');
    expect(errorsOf({ limitViews: true, maxViews: '1001' })).toHaveProperty('maxViews');
    expect(errorsOf({ limitViews: true, maxViews: '2.5' })).toHaveProperty('maxViews');
    expect(errorsOf({ limitViews: true, maxViews: '1000' })).toEqual({});
    expect(errorsOf({ usePassword: true, password: 'seven77' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(errorsOf({ usePassword: true, password: 'eight888' })).toEqual({});
    expect(errorsOf({ usePassword: true, password: '' }, true)).toEqual({}); // editing: keeps the password it has
    expect(errorsOf({ name: 'n'.repeat(201) })).toHaveProperty('name');
    expect(errorsOf({ allowList: 'ana@example.com.au, @partner.com.au' })).toEqual({});
    expect(errorsOf({ blockList: 'ana@example.com.au\nnot-an-address' })).toEqual({ blockList: '“not-an-address” is not an email address or a domain such as @example.com.au' });
    expect(errorsOf({ allowList: Array.from({ length: 101 }, (_, i) => `@d${i}.com`).join('\n') })).toEqual({ allowList: 'At most 100 entries' });
  });
});

describe('the form and the API', () => {
  it('splits lists on lines, commas and spaces, without case or repeats', () => {
    expect(splitList(' Ana@Example.com.au,@partner.com.au\n\n@partner.com.au ; bo@x.io ')).toEqual(['ana@example.com.au', '@partner.com.au', 'bo@x.io']);
  });

  it('sends every setting, and a password only when it is set or removed', () => {
    const values: LinkFormValues = {
      ...emptyLinkForm(),
      name: ' Board pack ',
      ...NINE_AM_25_VIEWS_WITH_PASSWORD,
      password: 'open sesame',
      allowList: '@example.com.au',
      watermark: true,
    };
    expect(formToSettings(values, SYDNEY, false)).toEqual({
      name: 'Board pack',
      expiresAt: '2026-03-08T22:00:00.000Z',
      maxViews: 25,
      password: 'open sesame',
      requireEmail: false,
      allowList: ['@example.com.au'],
      blockList: [],
      allowDownload: false,
      watermark: true,
    });
    expect(formToSettings({ ...values, password: '' }, SYDNEY, true)).not.toHaveProperty('password');
    expect(formToSettings({ ...values, usePassword: false }, SYDNEY, true)).toMatchObject({ password: null });
    expect(formToSettings(emptyLinkForm(), SYDNEY, false)).toMatchObject({ name: null, expiresAt: null, maxViews: null, password: null });
  });

  it('fills the form from a link, on the user’s clock', () => {
    const link = {
      name: null,
      expiresAt: '2026-03-08T22:00:00.000Z',
      maxViews: 25,
      hasPassword: true,
      requireEmail: true,
      allowList: ['@example.com.au', 'bo@x.io'],
      blockList: [],
      allowDownload: true,
      watermark: false,
    } as unknown as Link;
    expect(linkToForm(link, SYDNEY)).toEqual({
      name: '',
      ...NINE_AM_25_VIEWS_WITH_PASSWORD,
      password: '',
      requireEmail: true,
      allowList: '@example.com.au\nbo@x.io',
      blockList: '',
      allowDownload: true,
      watermark: false,
    });
  });

  it('puts the API’s field errors under the fields', () => {
    expect(formFieldOf('expiresAt')).toBe('expiryDate');
    expect(formFieldOf('allowList.3')).toBe('allowList');
    expect(formFieldOf('_')).toBeUndefined();
  });
});
