import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo, LogoMark } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The auth screens: on desktop a brand panel with a testimonial on the left, the form on the right
 * in a 350px column (spec section 9); on phones the form alone under the logo.
 */
export function AuthLayout({ title, heading, description, children }: { title: string; heading: string; description?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-eucalyptus-900 p-10 text-white lg:flex">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-wattle/15 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute top-1/3 -left-20 size-72 rounded-full bg-eucalyptus-700/60 blur-3xl" />
        <Link to="/" className="relative flex items-center gap-2 text-lg font-semibold tracking-tight">
          <LogoMark />
          Wattle PDF
        </Link>
        <figure className="relative max-w-md space-y-4">
          <blockquote className="text-lg leading-relaxed text-white/95">
            &ldquo;Wattle PDF has saved our practice hours every week. Merging client statements and locking them with a password
            takes seconds, and our files stay on Australian servers.&rdquo;
          </blockquote>
          <figcaption className="text-sm text-white/75">
            <span className="font-semibold text-wattle">Sofia Davis</span> · Practice Manager, Harbourside Accounting, Newcastle NSW
          </figcaption>
        </figure>
      </aside>

      <main className="relative flex flex-col items-center justify-center px-4 py-16 sm:px-8">
        <ThemeToggle className="absolute top-4 right-4" />
        <Logo className="absolute top-4 left-4 lg:hidden" />
        <div className="flex w-full max-w-[350px] flex-col gap-6">
          <div className="flex flex-col gap-2 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
            {description && <p className="text-sm text-muted-foreground">{description}</p>}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
