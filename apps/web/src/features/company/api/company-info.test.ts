import { describe, expect, it } from 'vitest';
import { toCompanyInfo } from './company-info.ts';

describe('toCompanyInfo', () => {
  it('keeps the text fields of the record', () => {
    const record = {
      company_name: 'Wattle Consulting Pty Ltd',
      trading_name: 'Wattle PDF',
      abn: '51824753556',
      address: '1 Example St, Sydney NSW 2000',
      email_support: 'support@example.com.au',
      email_complaints: 'complaints@example.com.au',
      email_sales: 'sales@example.com.au',
      id: 1,
    };
    const { id: _id, ...expected } = record;
    expect(toCompanyInfo(record)).toEqual(expected);
  });

  it('shows missing or odd fields as blanks instead of failing', () => {
    expect(toCompanyInfo({ trading_name: 'Wattle PDF', abn: null, address: 42 })).toEqual({
      company_name: '',
      trading_name: 'Wattle PDF',
      abn: '',
      address: '',
      email_support: '',
      email_complaints: '',
      email_sales: '',
    });
    expect(toCompanyInfo(null).trading_name).toBe('');
  });
});
