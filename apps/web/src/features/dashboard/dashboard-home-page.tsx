import { useDocumentTitle } from '@/lib/use-document-title';

/** Placeholder until the dashboard shell and home cards arrive. */
export function DashboardHomePage() {
  useDocumentTitle('Dashboard');
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
    </main>
  );
}
