import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// A missing field shows as blank rather than failing the whole record.
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

export const companyInfoSchema = z.object({
  company_name: text,
  trading_name: text,
  abn: text,
  address: text,
  email_support: text,
  email_complaints: text,
  email_sales: text,
});

export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** Spec section 7: the company record is cached under this key. */
export const COMPANY_INFO_QUERY_KEY = ['company-info'] as const;

export async function fetchCompanyInfo(): Promise<CompanyInfo> {
  return companyInfoSchema.parse(await api.get('/api/company-info'));
}

/** The single company_info row. On failure `data` stays undefined: show blanks, never an error. */
export function useCompanyInfo() {
  return useQuery({ queryKey: COMPANY_INFO_QUERY_KEY, queryFn: fetchCompanyInfo });
}
