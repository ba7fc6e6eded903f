import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** The brand mark: a page with a spray of wattle blossom. Same drawing as public/favicon.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-eucalyptus-700" />
      <path d="M10 6.5h8.5l5 5V24a1.5 1.5 0 0 1-1.5 1.5H10A1.5 1.5 0 0 1 8.5 24V8A1.5 1.5 0 0 1 10 6.5Z" fill="#fff" />
      <path d="M18.5 6.5v3.5a1.5 1.5 0 0 0 1.5 1.5h3.5" fill="#d7e6df" />
      <circle cx="20.5" cy="21.5" r="3" fill="#f4c430" />
      <circle cx="15.5" cy="23" r="2.2" fill="#f4c430" />
      <circle cx="17.5" cy="18" r="2" fill="#f4c430" />
    </svg>
  );
}

export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} className={cn('flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}>
      <LogoMark />
      <span className="text-lg">Wattle PDF</span>
    </Link>
  );
}
