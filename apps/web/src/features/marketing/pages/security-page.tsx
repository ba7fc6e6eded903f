import { Link } from 'react-router';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { LegalPage, LegalSection } from '../components/legal-page';
import { POLICIES_LAST_UPDATED } from '../legal-dates';

export function SecurityPage() {
  const { data: company } = useCompanyInfo();
  return (
    <LegalPage
      title="Security"
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={<p>Your documents often hold sensitive information. Here is how we protect them, from the moment you upload a file to the moment it is deleted.</p>}
    >
      <LegalSection title="Australian hosting">
        <p>Wattle PDF processes and stores documents on servers located in Australia. Your files are not sent offshore for processing.</p>
      </LegalSection>
      <LegalSection title="Encryption">
        <p>
          Every connection to Wattle PDF uses HTTPS, so files and passwords are encrypted on the way to us and back. The documents you
          keep in your account and every version of them, profile pictures, saved signatures and the page images of documents you share
          are stored encrypted with 256-bit AES (AES-256-GCM), each file under its own key. Files you run through a tool and the results
          it makes are kept in private storage without that encryption, only until they are deleted automatically (see below). Our Secure
          PDF tools let you lock a document with your own password and 256-bit AES encryption.
        </p>
      </LegalSection>
      <LegalSection title="Automatic deletion">
        <ul>
          <li>Files uploaded without an account are deleted 1 hour after upload.</li>
          <li>Outputs created by our tools for account holders are deleted after 24 hours.</li>
          <li>Documents you delete from your account are purged permanently after a short grace period.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Isolated processing">
        <p>
          Each document is processed in its own temporary workspace, with time and size limits, and that workspace is removed when the job
          finishes. The programs that convert documents have no access to the internet, so a document cannot make them contact other sites.
        </p>
      </LegalSection>
      <LegalSection title="Accounts and sign-in">
        <ul>
          <li>Email addresses are verified, and passwords must meet strength rules.</li>
          <li>Sessions are kept in secure, HTTP-only cookies and renewed at every sign-in.</li>
          <li>Repeated sign-in attempts are rate-limited, and sign-in never reveals whether an email address has an account.</li>
          <li>Every document, download and share link is tied to its owner; no one else can reach a document unless you share it with your team or by a link.</li>
        </ul>
      </LegalSection>
      <LegalSection title="Reporting a security issue">
        <p>
          If you believe you have found a security problem, please tell us
          {company?.email_support ? (
            <>
              {' '}
              at <a href={`mailto:${company.email_support}?subject=${encodeURIComponent('Security report')}`}>{company.email_support}</a>
            </>
          ) : (
            <> through our <Link to="/support">Support</Link> page</>
          )}
          . We will investigate promptly and keep you informed. See also our <Link to="/privacy-policy">Privacy Policy</Link> and{' '}
          <Link to="/compliance">Compliance</Link> pages.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
