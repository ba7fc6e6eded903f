import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo, LogoMark } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The auth screens: on desktop a brand panel with the company's promise on the left, the form on the right
 * in a 350px column (spec section 9); on phones the form alone under the logo.
 */
export function AuthLayout({ title, heading, description, children }: { title: string; heading: string; description?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-eucalyptus-900 bg-[radial-gradient(ellipse_at_top_right,var(--color-eucalyptus-700),transparent_65%)] p-10 text-white lg:flex">
        <WattleSpray className="pointer-events-none absolute -right-16 -bottom-20 w-72 opacity-20" />
        <Link to="/" className="relative flex items-center gap-2 text-lg font-semibold tracking-tight">
          <LogoMark />
          Wattle PDF
        </Link>
        <div className="relative max-w-md space-y-6">
          <p className="text-3xl leading-tight font-semibold tracking-tight">PDF tools made in Australia, for Australian work.</p>
          <ul className="space-y-3 text-white/85">
            {['Australian-hosted servers', 'Files deleted automatically after processing', 'Saved documents stored with 256-bit AES encryption'].map((point) => (
              <li key={point} className="flex items-center gap-3">
                <CheckIcon className="size-5 shrink-0 text-wattle" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        {/* The spec's testimonial panel quotes the company itself: there is no customer to quote. */}
        <figure className="relative max-w-md space-y-4 border-l-2 border-wattle pl-5">
          <blockquote className="text-lg leading-relaxed text-white/95">
            &ldquo;PDF tools anyone can use, every one of them free, built so that your documents stay private and stay in
            Australia.&rdquo;
          </blockquote>
          <figcaption className="text-sm text-white/75">
            <span className="font-semibold text-white">Wattle PDF</span> · Our promise
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

/** A spray of wattle blossom: gold puffs along a stem, decoration only. */
function WattleSpray({ className }: { className?: string }) {
  const puffs: Array<[number, number, number]> = [
    [40, 150, 16], [70, 120, 20], [105, 100, 15], [130, 70, 22], [165, 60, 14], [150, 130, 18], [190, 95, 20], [215, 55, 13], [120, 160, 12], [200, 140, 15],
  ];
  return (
    <svg viewBox="0 0 240 200" aria-hidden="true" className={className}>
      <path d="M10 195 C 60 150, 120 120, 230 40" stroke="#9ccfb4" strokeWidth="3" fill="none" strokeLinecap="round" />
      {puffs.map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="#f4c430" />
      ))}
    </svg>
  );
}
