import { IMAGE_INPUT_KINDS, INPUT_KINDS, OFFICE_INPUT_KINDS, type InputKind } from '@wattle/shared';
import { kindOfFile, type FileLike } from '@/features/tools/lib/file-checks';
import { toolSummary } from '@/lib/tool-catalogue';

/** Where files dropped on the landing page go: a tool, the PDF tools to choose from, or why nowhere. */
export type DropRoute = { kind: 'tool'; toolId: string } | { kind: 'choose-pdf-tool' } | { kind: 'refused'; message: string };

const ALL_KINDS = Object.keys(INPUT_KINDS) as InputKind[];
const TEXT_KINDS: readonly InputKind[] = ['txt', 'md'];

/** The tool each kind of file goes to; text goes to Text to PDF rather than through Office. */
function toolFor(kind: InputKind): string {
  if (kind === 'pdf') return 'merge';
  if (TEXT_KINDS.includes(kind)) return 'text-to-pdf';
  if (kind === 'html' || kind === 'zip') return 'html-to-pdf';
  if (kind === 'eml' || kind === 'msg') return 'email-to-pdf';
  if ((IMAGE_INPUT_KINDS as readonly InputKind[]).includes(kind)) return 'image-to-pdf';
  if ((OFFICE_INPUT_KINDS as readonly InputKind[]).includes(kind)) return 'office-to-pdf';
  throw new Error(`no tool for ${kind}`);
}

export function dropRoute(files: readonly FileLike[]): DropRoute {
  const tools = new Set<string>();
  for (const file of files) {
    const kind = kindOfFile(file, ALL_KINDS);
    if (!kind) return { kind: 'refused', message: `${file.name} is not a file our tools take: drop a PDF, an image, a web page, an email, or a Word, Excel, PowerPoint or text file.` };
    tools.add(toolFor(kind));
  }
  if (tools.size !== 1) return { kind: 'refused', message: 'Drop files of one kind at a time: PDFs, images, or one Office or text file.' };
  const toolId = [...tools][0]!;
  // One PDF could be for any of the PDF tools: the person picks; several PDFs are most likely a merge.
  if (toolId === 'merge' && files.length === 1) return { kind: 'choose-pdf-tool' };
  const tool = toolSummary(toolId)!;
  if (files.length > tool.maxFiles) return { kind: 'refused', message: `${tool.name} converts one file at a time. Drop one file.` };
  return { kind: 'tool', toolId };
}
