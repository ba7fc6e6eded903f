import { Link } from 'react-router';
import { PageHero } from '@/components/public-page/page-hero';
import { ContactCards } from '../components/contact-cards';
import { Section } from '@/components/public-page/section';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SupportPage() {
  useDocumentTitle('Support');
  return (
    <>
      <PageHero
        title="How can we help?"
        description="Our Australian team answers every message. Choose the right contact below and we will get back to you as soon as we can."
      />
      <Section>
        <ContactCards />
        <p className="mx-auto mt-12 max-w-2xl text-center text-sm leading-6 text-muted-foreground">
          Questions about how we handle your information? Read our <Link to="/privacy-policy" className="font-medium text-primary hover:underline">Privacy Policy</Link>{' '}
          and <Link to="/security" className="font-medium text-primary hover:underline">Security</Link> pages.
        </p>
      </Section>
    </>
  );
}
