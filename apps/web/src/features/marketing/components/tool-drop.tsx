import { INPUT_KINDS, type InputKind } from '@wattle/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FileDropZone } from '@/components/file-drop-zone';
import { Button } from '@/components/ui/button';
import { acceptAttribute } from '@/features/tools/lib/file-checks';
import { toolSummary } from '@/lib/tool-catalogue';
import { TOOL_ICONS } from '@/lib/tool-icons';

/** What people most often do with one PDF, most common first. */
const PDF_TOOLS = ['compress', 'pdf-to-word', 'split', 'protect', 'rotate', 'organize', 'watermark', 'ocr'] as const;

/**
 * The landing page's drop zone: the files go, in memory, to the tool for their kind (one PDF: the
 * person picks which PDF tool), and are already listed there. Nothing is uploaded before the tool runs.
 */
export function ToolDrop() {
  const navigate = useNavigate();
  const [pdf, setPdf] = useState<File>();
  const [refusal, setRefusal] = useState<string>();
  const chooserRef = useRef<HTMLHeadingElement>(null);

  const open = async (toolId: string, files: File[]) => {
    const { handoffState } = await import('@/lib/tool-handoff');
    await navigate(`/tools/${toolId}`, { state: handoffState({ files }) });
  };

  // The routing and the hand-over load with the first drop: the zone itself is all the first screen needs.
  const take = async (files: File[]) => {
    const { dropRoute } = await import('../lib/drop-route');
    const route = dropRoute(files);
    setRefusal(route.kind === 'refused' ? route.message : undefined);
    setPdf(route.kind === 'choose-pdf-tool' ? files[0] : undefined);
    if (route.kind === 'tool') await open(route.toolId, files);
  };

  // The choice appears in the zone: take focus there, as a screen reader would need. After the commit,
  // not on the next frame: a frame can come before React has drawn the heading.
  useEffect(() => {
    if (pdf) chooserRef.current?.focus();
  }, [pdf]);

  return (
    <FileDropZone
      aria-label="Start with a file"
      accept={acceptAttribute(Object.keys(INPUT_KINDS) as InputKind[])}
      multiple
      onFiles={(files) => void take(files)}
      title="Drop your files here"
      hint="PDF, Word, Excel, PowerPoint, images or text. We open the right tool; nothing is uploaded until you run it."
      buttonLabel="Choose files"
      inputLabel="Choose files to start with"
      className="bg-card shadow-xl"
    >
      {refusal && (
        <p role="alert" className="mx-auto mt-4 max-w-md text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      {pdf && (
        <div className="mt-6 border-t pt-5 text-left">
          <h2 ref={chooserRef} tabIndex={-1} className="text-base font-semibold outline-none">
            What would you like to do with <span className="break-all">{pdf.name}</span>?
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-2" aria-label="PDF tools">
            {PDF_TOOLS.map((id) => {
              const Icon = TOOL_ICONS[id];
              return (
                <li key={id}>
                  <Button type="button" variant="outline" className="h-auto w-full justify-start py-2 whitespace-normal" onClick={() => void open(id, [pdf])}>
                    <Icon aria-hidden />
                    {toolSummary(id)!.name}
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </FileDropZone>
  );
}
