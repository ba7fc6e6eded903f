import { toast } from '@/components/ui/toast';

/** Puts a link's address on the clipboard and says so. */
export async function copyLinkUrl(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Paste it into an email or message to share the document.', variant: 'success' });
  } catch {
    toast({ title: 'Could not copy', description: 'Select the address and copy it yourself.', variant: 'destructive' });
  }
}
