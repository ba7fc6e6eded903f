import { formatAbn } from '@wattle/shared';
import { Link } from 'react-router';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { LegalPage, LegalSection } from '../components/legal-page';
import { POLICIES_LAST_UPDATED } from '../legal-dates';

export function CompliancePage() {
  const { data: company } = useCompanyInfo();
  return (
    <LegalPage
      title="Compliance"
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={<p>Wattle PDF is built in Australia, for Australians, around the laws that protect your information and your rights as a customer.</p>}
    >
      <LegalSection title="Privacy Act and the Australian Privacy Principles">
        <p>
          We handle personal information in line with the Privacy Act 1988 (Cth) and the 13 Australian Privacy Principles: we collect only what
          we need, tell you how we use it, keep it secure, and let you access and correct it. Our <Link to="/privacy-policy">Privacy Policy</Link>{' '}
          sets out the details.
        </p>
      </LegalSection>
      <LegalSection title="Data residency">
        <p>Documents and account information are stored and processed in Australia, which helps organisations meet their own data residency and client confidentiality commitments.</p>
      </LegalSection>
      <LegalSection title="Notifiable Data Breaches scheme">
        <p>
          If a data breach is likely to result in serious harm, we will notify the people affected and the Office of the Australian Information
          Commissioner, as the scheme requires, and explain what we are doing about it.
        </p>
      </LegalSection>
      <LegalSection title="Retention and deletion">
        <p>
          Files are deleted automatically after processing: visitors&apos; files after 1 hour, account holders&apos; tool outputs after 24 hours,
          and deleted documents after a short grace period. Read more on our <Link to="/security">Security</Link> page.
        </p>
      </LegalSection>
      <LegalSection title="Australian Consumer Law">
        <p>
          Our <Link to="/terms">Terms of Service</Link> do not exclude the consumer guarantees you have under the Australian Consumer Law. Prices
          are shown in Australian dollars and include GST.
        </p>
      </LegalSection>
      <LegalSection title="Who we are">
        <p>
          {company?.company_name ? (
            <>
              Wattle PDF is operated by <strong>{company.company_name}</strong>
              {company.abn && <> (ABN {formatAbn(company.abn)})</>}, an Australian business.
            </>
          ) : (
            <>Wattle PDF is operated by an Australian business.</>
          )}{' '}
          Company details are on our <Link to="/about">About</Link> page.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
