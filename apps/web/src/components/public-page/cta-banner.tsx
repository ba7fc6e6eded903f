import type { ReactNode } from 'react';

/** A closing call to action: deep green panel with a wattle-gold glow. */
export function CtaBanner({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions: ReactNode }) {
  return (
    <section className="px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-eucalyptus-700 px-6 py-14 text-center text-white shadow-xl sm:px-12 dark:bg-eucalyptus-800">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-[radial-gradient(circle,color-mix(in_oklch,var(--wattle)_55%,transparent),transparent_70%)]"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-20 -z-10 size-80 rounded-full bg-[radial-gradient(circle,rgb(255_255_255/0.08),transparent_70%)]"
        />
        <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h2>
        {description && <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-pretty text-white/80">{description}</p>}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
      </div>
    </section>
  );
}
