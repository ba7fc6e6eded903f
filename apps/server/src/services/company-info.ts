import { AppError } from '@wattle/shared';
import type { Ports } from '../ports.ts';
import { getCompanyInfo, type CompanyInfo } from '../repositories/company-info.ts';

/** The company record shown in the footer, legal pages and mails (seeded at start from config). */
export async function companyRecord(container: Pick<Ports, 'db'>): Promise<CompanyInfo> {
  const row = await getCompanyInfo(container.db);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
