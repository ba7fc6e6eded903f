import type { RouteObject } from 'react-router';

/**
 * The public (signed-out) pages, mounted inside the public layout by src/app/router.tsx. Each page is
 * its own lazily loaded chunk.
 */
export const marketingRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./pages/landing-page')).LandingPage }) },
  { path: 'tools/convert', lazy: async () => ({ Component: (await import('./pages/convert-page')).ConvertPage }) },
  { path: 'features', lazy: async () => ({ Component: (await import('./pages/features-page')).FeaturesPage }) },
  { path: 'pricing', lazy: async () => ({ Component: (await import('./pages/pricing-page')).PricingPage }) },
  { path: 'enterprise/security', lazy: async () => ({ Component: (await import('./pages/enterprise-security-page')).EnterpriseSecurityPage }) },
  { path: 'enterprise/team', lazy: async () => ({ Component: (await import('./pages/enterprise-team-page')).EnterpriseTeamPage }) },
  { path: 'about', lazy: async () => ({ Component: (await import('./pages/about-page')).AboutPage }) },
  { path: 'support', lazy: async () => ({ Component: (await import('./pages/support-page')).SupportPage }) },
  { path: 'contact', lazy: async () => ({ Component: (await import('./pages/contact-page')).ContactPage }) },
  { path: 'terms', lazy: async () => ({ Component: (await import('./pages/terms-page')).TermsPage }) },
  { path: 'privacy-policy', lazy: async () => ({ Component: (await import('./pages/privacy-policy-page')).PrivacyPolicyPage }) },
  { path: 'security', lazy: async () => ({ Component: (await import('./pages/security-page')).SecurityPage }) },
  { path: 'compliance', lazy: async () => ({ Component: (await import('./pages/compliance-page')).CompliancePage }) },
  { path: 'status', lazy: async () => ({ Component: (await import('./pages/status-page')).StatusPage }) },
  { path: 'blog', lazy: async () => ({ Component: (await import('./pages/blog-page')).BlogPage }) },
  { path: 'blog/:slug', lazy: async () => ({ Component: (await import('./pages/blog-article-page')).BlogArticlePage }) },
  { path: 'careers', lazy: async () => ({ Component: (await import('./pages/careers-page')).CareersPage }) },
  { path: 'sitemap', lazy: async () => ({ Component: (await import('./pages/sitemap-page')).SitemapPage }) },
];
