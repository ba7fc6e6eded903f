import { Link } from 'react-router';
import { useCompanyInfo } from '@/features/company/api/company-info';
import { LegalPage, LegalSection } from '../components/legal-page';
import { POLICIES_LAST_UPDATED } from '../legal-dates';

/** Written for the Australian Privacy Principles (Privacy Act 1988): what, why, where, how long, your rights. */
export function PrivacyPolicyPage() {
  const { data: company } = useCompanyInfo();
  const operator = company?.company_name ? `${company.company_name} (trading as ${company.trading_name || 'Wattle PDF'})` : 'The operator of Wattle PDF';
  const privacyEmail = company?.email_complaints;

  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <p>
          {operator} respects your privacy. This policy explains how we collect, use, store and protect personal information, in line with the
          Privacy Act 1988 (Cth) and the Australian Privacy Principles (APPs).
        </p>
      }
    >
      <LegalSection title="Information We Collect">
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details</strong>: your name and email address when you sign up, and, if you choose to add them, your company name,
            phone number and profile picture.
          </li>
          <li>
            <strong>Documents</strong>: the files you upload and the files our tools produce from them.
          </li>
          <li>
            <strong>Usage information</strong>: how many documents you have processed and how much storage you use, plus your PDF preferences.
          </li>
          <li>
            <strong>Technical information</strong>: your IP address and browser details, used to keep the service secure (for example, to limit
            repeated sign-in attempts). We use a single essential cookie to keep you signed in and do not use advertising cookies.
          </li>
        </ul>
        <p>We do not read the content of your documents except where a tool needs to process it, such as converting text or recognising scanned pages.</p>
      </LegalSection>

      <LegalSection title="How We Use Your Information">
        <ul>
          <li>to provide the PDF tools and your account, including storing the documents you choose to keep;</li>
          <li>to send service emails such as address verification, sign-in links and password resets;</li>
          <li>to protect the service and our users from misuse, fraud and security threats;</li>
          <li>to answer your support requests and complaints;</li>
          <li>to meet our legal obligations.</li>
        </ul>
        <p>We do not sell your personal information, and we do not use your documents to train software or for marketing.</p>
      </LegalSection>

      <LegalSection title="Information Sharing">
        <p>
          We share personal information only with the service providers that help us run Wattle PDF, such as our Australian hosting and email
          providers, and only as far as they need it to provide their service to us. They are bound to protect it.
        </p>
        <p>
          We may also disclose information where the law requires or authorises it, for example to respond to a valid court order, or where it is
          necessary to prevent a serious threat to someone&apos;s life, health or safety.
        </p>
      </LegalSection>

      <LegalSection title="Data Security">
        <p>
          We protect your information by storing the documents you keep with us, their versions, profile pictures and signatures
          encrypted with 256-bit AES, encrypted connections (HTTPS) for everything you send and receive, secure
          sign-in sessions, limits on repeated sign-in attempts, and access controls that keep each account&apos;s documents private to that
          account. Each document is processed in an isolated workspace that is cleared when the job finishes.
        </p>
        <p>
          If a data breach is likely to cause serious harm, we will notify you and the Office of the Australian Information Commissioner (OAIC)
          as the Notifiable Data Breaches scheme requires. See our <Link to="/security">Security</Link> page for more detail.
        </p>
      </LegalSection>

      <LegalSection title="Where Your Information Is Kept">
        <p>
          Your account information and documents are stored and processed on servers located in Australia. We do not send your documents
          overseas.
        </p>
      </LegalSection>

      <LegalSection title="How Long We Keep Your Files">
        <ul>
          <li>
            <strong>Visitors&apos; files</strong> (used without an account) are deleted automatically <strong>1 hour</strong> after upload.
          </li>
          <li>
            <strong>Account holders&apos; tool outputs</strong> are deleted automatically <strong>24 hours</strong> after they are created.
          </li>
          <li>
            <strong>Documents in your account</strong> stay until you delete them. Deleted documents disappear from your account straight away and
            are purged permanently after a short grace period.
          </li>
          <li>
            <strong>Account details</strong> are kept while your account is open, and erased when you delete your account (see below).
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Deleting Your Account">
        <p>
          You can delete your account yourself at any time under Settings, Security, Delete account. We ask for your password first, so nobody
          else can do it for you. If you own a team, transfer it to another member or delete it first.
        </p>
        <p>When you confirm, we erase straight away, from our database and our file storage:</p>
        <ul>
          <li>your account and profile details, preferences and sign-in methods;</li>
          <li>every document you stored, with all of its earlier versions, and the results of the tools you ran;</li>
          <li>your share links, which stop working at once, and the page images made for them;</li>
          <li>your profile picture, saved signatures and initials, API keys, webhooks and support requests;</li>
          <li>every signed-in session, so you are signed out on every device.</li>
        </ul>
        <p>
          We then send a confirmation to your email address. We keep no copy of what was erased, except where the law requires us to keep
          some information for longer. This is how we meet APP 11: we destroy personal information we no longer need.
        </p>
      </LegalSection>

      <LegalSection title="Access, Correction and Complaints">
        <p>
          You can see and update most of your details in your account settings at any time, including the email address you sign in with. You
          may also ask us for access to the personal information we hold about you, or ask us to correct it (APPs 12 and 13); we will respond
          within 30 days.
        </p>
        <p>
          To make a privacy request or complaint, contact us
          {privacyEmail ? (
            <>
              {' '}
              at <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>
            </>
          ) : (
            <> through our <Link to="/support">Support</Link> page</>
          )}
          . If you are not satisfied with our response, you can complain to the Office of the Australian Information Commissioner at{' '}
          <a href="https://www.oaic.gov.au" rel="noopener noreferrer" target="_blank">
            oaic.gov.au
          </a>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
