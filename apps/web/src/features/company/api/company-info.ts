import { useQuery } from '@tanstack/react-query';
import type { CompanyInfo } from '@wattle/shared';
import { api } from '@/lib/api-client';

const FIELDS = ['company_name', 'trading_name', 'abn', 'address', 'email_support', 'email_complaints', 'email_sales'] as const;

/** Spec section 7: the company record is cached under this key. */
export const COMPANY_INFO_QUERY_KEY = ['company-info'] as const;

/** Keeps the text fields of the answer; a missing or non-text field shows as blank, not as an error. */
export function toCompanyInfo(body: unknown): CompanyInfo {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const info = {} as CompanyInfo;
  for (const field of FIELDS) {
    const value = record[field];
    info[field] = typeof value === 'string' ? value : '';
  }
  return info;
}

export async function fetchCompanyInfo(): Promise<CompanyInfo> {
  return toCompanyInfo(await api.get<unknown>('/api/company-info'));
}

/** The single company_info row. On failure `data` stays undefined: show blanks, never an error. */
export function useCompanyInfo() {
  return useQuery({ queryKey: COMPANY_INFO_QUERY_KEY, queryFn: fetchCompanyInfo });
}
