import { getToolFamily } from '@wattle/shared';
import { FileTextIcon, ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ToolFamilySections } from '../components/tool-family-sections';

const STEPS = [
  { title: 'Protect it', text: 'Lock the PDF with a password, and send the password by a different channel, such as a text message.' },
  { title: 'Make it smaller', text: 'Compress large files so they fit within email attachment limits.' },
  { title: 'Remove what should not travel', text: 'Sanitise to strip hidden metadata, scripts and embedded files before a PDF leaves your business.' },
];

export function SharePdfsPage() {
  return (
    <div>
      <PageHeader
        title="Share PDFs"
        description="Get a PDF ready to send: protected, small enough to email, and free of hidden data."
        actions={
          <Button asChild>
            <Link to="/dashboard/documents">
              <FileTextIcon />
              My Documents
            </Link>
          </Button>
        }
      />
      <div className="space-y-8">
        <Card className="gap-0 py-0">
          <CardContent className="grid gap-0 divide-y px-0 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
            {STEPS.map((step, i) => (
              <div key={step.title} className="flex gap-3 p-5">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-wattle text-sm font-semibold text-wattle-foreground">{i + 1}</span>
                <div>
                  <p className="font-medium">{step.title}</p>
                  <p className="mt-1 text-sm leading-snug text-muted-foreground">{step.text}</p>
                </div>
              </div>
            ))}
          </CardContent>
        </Card>
        <ToolFamilySections family={getToolFamily('share')} icon={ShieldCheckIcon} />
        <p className="text-sm text-muted-foreground">
          Download any file from My Documents to attach it to an email or upload it to your client portal. Files you process are deleted
          from our Australian servers automatically once your download expires.
        </p>
      </div>
    </div>
  );
}
