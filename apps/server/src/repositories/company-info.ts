import { companyInfo, type Database } from '@wattle/db';
import type { Config } from '../config.ts';

export type CompanyInfo = typeof companyInfo.$inferSelect;

/** The seeded company record; values from config (COMPANY_*) override these at every start. */
const DEFAULTS = {
  companyName: 'Banksia Digital Consulting Pty Ltd',
  tradingName: 'Wattle PDF',
  abn: '63615000681',
  address: 'Level 12, 345 George Street, Sydney NSW 2000, Australia',
  emailSupport: 'support@wattlepdf.com.au',
  emailComplaints: 'complaints@wattlepdf.com.au',
  emailSales: 'sales@wattlepdf.com.au',
};

export function companyInfoFromConfig(config: Config) {
  return {
    companyName: config.COMPANY_NAME ?? DEFAULTS.companyName,
    tradingName: config.COMPANY_TRADING_NAME ?? DEFAULTS.tradingName,
    abn: (config.COMPANY_ABN ?? DEFAULTS.abn).replace(/\s+/g, ''),
    address: config.COMPANY_ADDRESS ?? DEFAULTS.address,
    emailSupport: config.COMPANY_EMAIL_SUPPORT ?? DEFAULTS.emailSupport,
    emailComplaints: config.COMPANY_EMAIL_COMPLAINTS ?? DEFAULTS.emailComplaints,
    emailSales: config.COMPANY_EMAIL_SALES ?? DEFAULTS.emailSales,
  };
}

export async function seedCompanyInfo(db: Database, values: ReturnType<typeof companyInfoFromConfig>) {
  await db.insert(companyInfo).values({ id: 1, ...values }).onConflictDoUpdate({ target: companyInfo.id, set: values });
}

export async function getCompanyInfo(db: Database): Promise<CompanyInfo | undefined> {
  const [row] = await db.select().from(companyInfo).limit(1);
  return row;
}
