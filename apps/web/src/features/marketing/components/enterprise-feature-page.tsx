import type { ReactNode } from 'react';
import { PageHero } from '@/components/public-page/page-hero';
import { EnterpriseCta } from './enterprise-cta';
import { FeatureGrid, type Feature } from './feature-grid';
import { Section } from '@/components/public-page/section';
import { useDocumentTitle } from '@/lib/use-document-title';

interface EnterpriseFeaturePageProps {
  documentTitle: string;
  eyebrow?: ReactNode;
  title: string;
  description: string;
  features: Feature[];
  columns?: 2 | 3;
}

/** An Enterprise menu page: hero, the feature cards, then the enterprise call to action. */
export function EnterpriseFeaturePage({ documentTitle, eyebrow, title, description, features, columns }: EnterpriseFeaturePageProps) {
  useDocumentTitle(documentTitle);
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} description={description} />
      <Section>
        <FeatureGrid features={features} columns={columns} />
      </Section>
      <EnterpriseCta />
    </>
  );
}
