import { Link } from 'react-router';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { LegalPage, LegalSection } from '../components/legal-page';
import { POLICIES_LAST_UPDATED } from '../legal-dates';

export function TermsPage() {
  const { data: company } = useCompanyInfo();
  const operator = company?.company_name ? `${company.company_name}, trading as ${company.trading_name || 'Wattle PDF'}` : 'the operator of Wattle PDF';

  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={<p>These terms explain the rules for using Wattle PDF, which is provided by {operator} (&ldquo;we&rdquo;, &ldquo;us&rdquo;).</p>}
    >
      <LegalSection title="Acceptance of Terms">
        <p>
          By accessing or using Wattle PDF, including the website, the online PDF tools and your account dashboard, you agree to be bound by these
          Terms of Service and by our <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use the service.
        </p>
        <p>
          If you use Wattle PDF on behalf of a business, you confirm that you are authorised to accept these terms for it. We may update these
          terms from time to time; the date above shows when they last changed, and continuing to use the service after a change means you accept it.
        </p>
      </LegalSection>

      <LegalSection title="Use License">
        <p>
          We grant you a limited, non-exclusive, non-transferable and revocable licence to use Wattle PDF for your personal or internal business
          purposes, in line with these terms. Under this licence you may not:
        </p>
        <ul>
          <li>upload documents that you do not have the right to use, or that contain malicious code;</li>
          <li>attempt to gain unauthorised access to the service, other accounts or our systems;</li>
          <li>use automated means to overload the service or get around usage limits;</li>
          <li>copy, modify, resell or reverse engineer the service or its software;</li>
          <li>use the service for anything unlawful, including infringing anyone&apos;s intellectual property or privacy.</li>
        </ul>
        <p>
          You keep all rights in the documents you upload. You give us only the permission needed to process, store and return them to you as the
          service requires. We may suspend or end this licence if you break these terms.
        </p>
      </LegalSection>

      <LegalSection title="Disclaimer">
        <p>
          We work hard to make conversions accurate and the service reliable, but documents vary widely. Wattle PDF is provided &ldquo;as is&rdquo;
          and &ldquo;as available&rdquo;, and we do not promise that every conversion will be perfect or that the service will always be
          uninterrupted. Please check important documents after processing and keep your own copies of originals.
        </p>
        <p>
          Nothing in these terms excludes, restricts or modifies any consumer guarantee, right or remedy you have under the Australian Consumer Law
          or any other law that cannot lawfully be excluded.
        </p>
      </LegalSection>

      <LegalSection title="Limitations">
        <p>
          To the extent permitted by law, we are not liable for any indirect or consequential loss, or for loss of data, profits or business
          opportunity, arising from your use of Wattle PDF. Where our liability for a failure to comply with a consumer guarantee cannot be
          excluded but can be limited, it is limited to supplying the service again or paying the cost of having it supplied again.
        </p>
        <p>
          Files are deleted automatically after processing, as described in our <Link to="/privacy-policy">Privacy Policy</Link>. We are not
          responsible for keeping copies of files beyond those periods. Questions about these terms can be sent through our{' '}
          <Link to="/support">Support</Link> page.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
