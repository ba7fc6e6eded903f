import { randomUUID } from 'node:crypto';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFContext, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import type { ToolContext } from '../context.ts';
import { saveOptions } from './conformance.ts';
import { loadPdf } from './load.ts';

/**
 * Active content: what makes a reader run code or start something by itself. Scripts (the JavaScript
 * name tree, /JS), automatic actions (/OpenAction, /AA), and actions that launch programs, open
 * attached files or run media (Launch, GoToE, RichMediaExecute, ImportData, Rendition). Links to
 * pages and web addresses, and the attached files themselves, are the document's own and stay.
 */

const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'GoToE', 'RichMediaExecute', 'ImportData', 'Rendition']);
const TRIGGERS = ['OpenAction', 'AA', 'JS'];

/** Which actions go: a test on the action dictionary. */
export type ActionRule = (action: PDFDict) => boolean;

const actionType = (action: PDFDict) => {
  const type = action.get(PDFName.of('S'));
  return type instanceof PDFName ? type.decodeText() : undefined;
};
const isActive: ActionRule = (action) => ACTIVE_ACTIONS.has(actionType(action) ?? '');

/** PDF/A forbids more (ISO 19005-1 6.6.1, 19005-2 6.5.1): media, form resets, hiding, layers, transitions, 3D views, named actions other than page turns. */
const PDFA_FORBIDDEN = new Set([...ACTIVE_ACTIONS, 'Sound', 'Movie', 'ResetForm', 'Hide', 'SetOCGState', 'Trans', 'GoTo3DView', 'SetState', 'NoOp']);
const PAGE_TURNS = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
export const forbiddenInPdfa: ActionRule = (action) => {
  const type = actionType(action) ?? '';
  const named = action.get(PDFName.of('N'));
  return PDFA_FORBIDDEN.has(type) || (type === 'Named' && !(named instanceof PDFName && PAGE_TURNS.has(named.decodeText())));
};

const isActiveAction = (context: PDFContext, value: PDFObject | undefined, rule: ActionRule): boolean => {
  const action = value instanceof PDFRef ? context.lookup(value) : value;
  return action instanceof PDFDict && action.get(PDFName.of('S')) instanceof PDFName && rule(action);
};

/**
 * Deletes the objects a removed script or action was made of, so no orphan keeps its code in the
 * file: actions and their chains (/Next, /JS), the JavaScript name tree's nodes, trigger dictionaries.
 * Nothing else is followed: an /OpenAction that is a destination points at a page, which stays.
 */
function drop(context: PDFContext, value: PDFObject | undefined, nameTree = false, depth = 0): void {
  if (depth > 64 || value === undefined) return;
  const object = value instanceof PDFRef ? context.lookup(value) : value;
  const remove = () => value instanceof PDFRef && context.delete(value);
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) if (isAction(context, item)) drop(context, item, false, depth + 1);
  } else if (object instanceof PDFDict && object.has(PDFName.of('S'))) {
    remove();
    const js = object.get(PDFName.of('JS'));
    if (js instanceof PDFRef) context.delete(js);
    drop(context, object.get(PDFName.of('Next')), false, depth + 1);
  } else if (object instanceof PDFDict && nameTree) {
    remove();
    for (const kid of object.lookupMaybe(PDFName.of('Kids'), PDFArray)?.asArray() ?? []) drop(context, kid, true, depth + 1);
    drop(context, object.get(PDFName.of('Names')), false, depth + 1);
  } else if (object instanceof PDFDict) {
    // A trigger dictionary (/AA): each entry is an action.
    remove();
    for (const [, action] of object.entries()) if (isAction(context, action)) drop(context, action, false, depth + 1);
  }
}

const isAction = (context: PDFContext, value: PDFObject) => {
  const object = value instanceof PDFRef ? context.lookup(value) : value;
  return object instanceof PDFDict && object.has(PDFName.of('S'));
};

/** Removes active content in place (and any other action `rule` names); true when there was some. */
export function removeActiveContent(doc: PDFDocument, rule: ActionRule = isActive): boolean {
  let removed = false;
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (names?.has(PDFName.of('JavaScript'))) {
    drop(doc.context, names.get(PDFName.of('JavaScript')), true);
    names.delete(PDFName.of('JavaScript'));
    removed = true;
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) removed = cleanDict(doc.context, dict, rule) || removed;
  }
  return removed;
}

/** A dictionary and the direct objects inside it (indirect ones are visited on their own). */
function cleanDict(context: PDFContext, dict: PDFDict, rule: ActionRule): boolean {
  let removed = false;
  for (const key of TRIGGERS) {
    if (dict.has(PDFName.of(key))) {
      if (key !== 'JS') drop(context, dict.get(PDFName.of(key)));
      else if (dict.get(PDFName.of(key)) instanceof PDFRef) context.delete(dict.get(PDFName.of(key)) as PDFRef);
      dict.delete(PDFName.of(key));
      removed = true;
    }
  }
  for (const [key, value] of dict.entries()) {
    // A link or a chained action (/Next) that would run code loses the action, not its annotation.
    if ((key === PDFName.of('A') || key === PDFName.of('Next')) && isActiveAction(context, value, rule)) {
      drop(context, value);
      dict.delete(key);
      removed = true;
    } else if (value instanceof PDFDict) removed = cleanDict(context, value, rule) || removed;
    else if (value instanceof PDFArray) removed = cleanArray(context, value, rule) || removed;
  }
  return removed;
}

function cleanArray(context: PDFContext, array: PDFArray, rule: ActionRule): boolean {
  let removed = false;
  for (let i = array.size() - 1; i >= 0; i--) {
    const item = array.get(i);
    if (item instanceof PDFDict) {
      if (isActiveAction(context, item, rule)) {
        drop(context, item);
        array.remove(i);
        removed = true;
      } else removed = cleanDict(context, item, rule) || removed;
    } else if (item instanceof PDFArray) removed = cleanArray(context, item, rule) || removed;
  }
  return removed;
}

/**
 * The "remove active content" setting applied to a finished PDF output: rewritten only when it held
 * some, keeping its version and PDF/A part. Encrypted outputs cannot be opened here: the tool that
 * encrypts removes it first (`withoutActiveContent`).
 */
export async function removeActiveContentFromFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  let doc: PDFDocument;
  try {
    doc = await loadPdf(bytes);
  } catch {
    return;
  }
  if (doc.isEncrypted || !removeActiveContent(doc)) return;
  await writeFile(path, await doc.save({ ...saveOptions(doc), updateFieldAppearances: false }));
}

/** The file a tool is about to encrypt, without active content when the setting is on: a cleaned copy in the job dir. */
export async function withoutActiveContent(ctx: ToolContext, path: string): Promise<string> {
  if (!ctx.removeActiveContent) return path;
  const copy = join(ctx.dir, `inert-${randomUUID()}.pdf`);
  await copyFile(path, copy);
  await removeActiveContentFromFile(copy);
  return copy;
}
