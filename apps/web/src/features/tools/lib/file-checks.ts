import { formatBytes, INPUT_KINDS, type InputKind } from '@wattle/shared';

/**
 * Checks on chosen files before anything is uploaded, with messages a person can act on. The server
 * decides by content; these catch the obvious mistakes at once.
 */

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export interface FileRules {
  accepts: readonly InputKind[];
  maxFiles: number;
  maxFileBytes?: number;
  maxTotalBytes?: number;
}

const KIND_LABELS: Partial<Record<InputKind, string>> = { pdf: 'PDF', jpeg: 'JPEG', webp: 'WebP', tiff: 'TIFF', txt: 'text', md: 'Markdown' };

/** The `accept` attribute for a file input: extensions and MIME types. */
export function acceptAttribute(accepts: readonly InputKind[]): string {
  return accepts.flatMap((kind) => [...INPUT_KINDS[kind].extensions, INPUT_KINDS[kind].mime]).join(',');
}

/** "PDF", "JPEG, PNG or GIF": the kinds in words. */
export function describeKinds(accepts: readonly InputKind[]): string {
  const names = accepts.map((kind) => KIND_LABELS[kind] ?? kind.toUpperCase());
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

export function kindOfFile(file: FileLike, accepts: readonly InputKind[]): InputKind | undefined {
  const name = file.name.toLowerCase();
  return accepts.find((kind) => INPUT_KINDS[kind].extensions.some((ext) => name.endsWith(ext)) || INPUT_KINDS[kind].mime === file.type);
}

export interface FileCheck<T> {
  accepted: T[];
  errors: string[];
}

/** Which of the incoming files can join the ones already chosen, and why the others cannot. */
export function checkNewFiles<T extends FileLike>(incoming: readonly T[], existing: readonly { size: number }[], rules: FileRules): FileCheck<T> {
  const accepted: T[] = [];
  const errors: string[] = [];
  let total = existing.reduce((sum, f) => sum + f.size, 0);
  let tooMany = 0;
  for (const file of incoming) {
    if (!kindOfFile(file, rules.accepts)) {
      errors.push(`"${file.name}" is not a file this tool takes. Choose ${describeKinds(rules.accepts)} files.`);
    } else if (file.size === 0) {
      errors.push(`"${file.name}" is empty.`);
    } else if (rules.maxFileBytes !== undefined && file.size > rules.maxFileBytes) {
      errors.push(`"${file.name}" is larger than ${formatBytes(rules.maxFileBytes)}, the most one file can be.`);
    } else if (existing.length + accepted.length >= rules.maxFiles) {
      tooMany += 1;
    } else if (rules.maxTotalBytes !== undefined && total + file.size > rules.maxTotalBytes) {
      errors.push(`"${file.name}" would take the files over ${formatBytes(rules.maxTotalBytes)} in total.`);
    } else {
      accepted.push(file);
      total += file.size;
    }
  }
  if (tooMany > 0) {
    errors.push(rules.maxFiles === 1 ? 'This tool takes one file at a time.' : `This tool takes at most ${rules.maxFiles} files; ${tooMany} ${tooMany === 1 ? 'was' : 'were'} left out.`);
  }
  return { accepted, errors };
}
