import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Token, Tokens } from 'marked';
import { paperPage } from '@wattle/shared';
import type { ToolContext, ToolInput } from '../context.ts';
import { detectFileType } from '../detect/file-type.ts';
import { EngineError } from '../errors.ts';
import { outputFilename } from '../output-names.ts';
import { decodeEntities } from '../pdf/layout.ts';
import { safeLink, TextFlow, type BlockStyle, type Span } from '../pdf/text-flow.ts';
import { writePdf } from '../pdf/write.ts';
import type { Operation } from './operation.ts';

/** Text is read whole into memory and laid out word by word: 5 MiB is a long book. */
export const MAX_TEXT_BYTES = 5 * 1024 * 1024;
const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown']);
const BODY: BlockStyle = { size: 11 };
const HEADING_SIZES = [24, 20, 16, 14, 12, 11];
const LIST_INDENT = 18;
/** Control characters no font draws (tab, newline and carriage return are handled as text). */
const CONTROL = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f]/g;

/** Plain text keeps its lines; Markdown becomes headings, lists, tables, code and links (decision 077). */
export const textToPdf: Operation<'text-to-pdf'> = async (inputs, options, ctx) => {
  const input = inputs[0]!;
  const text = await readText(ctx, input);
  const markdown = options.format === 'markdown' || (options.format === 'auto' && MARKDOWN_EXTENSIONS.has(extname(input.filename).toLowerCase()));
  const doc = await PDFDocument.create();
  const flow = new TextFlow(ctx, doc, paperPage(options.pageSize, false));
  if (markdown) {
    const { Lexer } = await import('marked');
    await renderBlocks(ctx, flow, new Lexer({ gfm: true }).lex(text), 0);
  } else await renderPlain(ctx, flow, text);
  return [await writePdf(ctx, doc, outputFilename(input.filename, undefined, 'pdf'), flow.pageCount)];
};

/** UTF-8 text by content (never by name), within the size bound; anything binary is refused. */
async function readText(ctx: ToolContext, input: ToolInput): Promise<string> {
  const { size } = await stat(input.path);
  if (size > MAX_TEXT_BYTES) throw new EngineError('FILE_TOO_LARGE', 'The text file is too large.', { filename: input.filename, limit: MAX_TEXT_BYTES });
  if ((await detectFileType(input.path)) !== 'txt') throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not plain text.', { filename: input.filename });
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(input.path));
    ctx.checkAborted();
    return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(CONTROL, '');
  } catch {
    throw new EngineError('UNSUPPORTED_FILE_TYPE', 'This file is not plain text.', { filename: input.filename });
  }
}

async function renderPlain(ctx: ToolContext, flow: TextFlow, text: string): Promise<void> {
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    // Leading spaces (indentation) are kept as a fixed indent; the rest wraps.
    const indent = line.match(/^[ \t]*/)![0].replace(/\t/g, '    ').length;
    if (line.trim() === '') flow.space(BODY.size * 1.45);
    else await flow.paragraph([{ text: line.trim() }], { ...BODY, indent: Math.min(indent * 3, 200) });
    if (i % 200 === 0) {
      ctx.checkAborted();
      ctx.progress(i / lines.length);
    }
  }
}

async function renderBlocks(ctx: ToolContext, flow: TextFlow, tokens: Token[], indent: number, tight = false): Promise<void> {
  for (const [i, token] of tokens.entries()) {
    ctx.checkAborted();
    await renderBlock(ctx, flow, token, indent, tight);
    if (indent === 0) ctx.progress(i / tokens.length);
  }
}

async function renderBlock(ctx: ToolContext, flow: TextFlow, token: Token, indent: number, tight: boolean): Promise<void> {
  const style: BlockStyle = { ...BODY, indent };
  switch (token.type) {
    case 'heading': {
      const { depth, tokens } = token as Tokens.Heading;
      const size = HEADING_SIZES[depth - 1] ?? BODY.size;
      flow.space(size * 0.6);
      await flow.paragraph(inlineSpans(tokens), { size, indent, bold: true });
      flow.space(size * 0.2);
      return;
    }
    case 'paragraph':
      await flow.paragraph(inlineSpans((token as Tokens.Paragraph).tokens), style);
      flow.space(BODY.size * 0.5);
      return;
    case 'text': {
      // A tight list item's text: inline tokens when the lexer gave them.
      const text = token as Tokens.Text;
      await flow.paragraph(text.tokens ? inlineSpans(text.tokens) : [{ text: decodeEntities(text.text) }], style);
      if (!tight) flow.space(BODY.size * 0.5);
      return;
    }
    case 'list':
      await renderList(ctx, flow, token as Tokens.List, indent);
      if (!tight) flow.space(BODY.size * 0.5);
      return;
    case 'table': {
      const table = token as Tokens.Table;
      await flow.table(table.header.map((cell) => inlineSpans(cell.tokens)), table.rows.map((row) => row.map((cell) => inlineSpans(cell.tokens))), style);
      flow.space(BODY.size * 0.8);
      return;
    }
    case 'code':
      await flow.codeBlock((token as Tokens.Code).text, { size: 10, indent });
      flow.space(BODY.size * 0.8);
      return;
    case 'blockquote':
      await renderBlocks(ctx, flow, (token as Tokens.Blockquote).tokens, indent + LIST_INDENT);
      return;
    case 'hr':
      flow.rule();
      return;
    case 'html':
      // Shown as the text it is: HTML is never interpreted.
      await flow.codeBlock((token as Tokens.HTML).text.trimEnd(), { size: 10, indent });
      return;
    default:
      return; // 'space' and 'def' (link definitions) draw nothing
  }
}

async function renderList(ctx: ToolContext, flow: TextFlow, list: Tokens.List, indent: number): Promise<void> {
  const start = typeof list.start === 'number' ? list.start : 1;
  const itemIndent = indent + LIST_INDENT;
  for (const [i, item] of list.items.entries()) {
    const marker = list.ordered ? `${start + i}.` : indent === 0 ? '•' : '◦';
    // A task item's box is a token of its own; it is drawn as [x] or [ ] before the text (the fonts have no ballot boxes).
    const blocks = item.tokens.filter((token) => token.type !== 'checkbox');
    const [first, ...rest] = blocks;
    const tight = !item.loose;
    if (first && (first.type === 'text' || first.type === 'paragraph')) {
      const spans = first.type === 'text' && !(first as Tokens.Text).tokens ? [{ text: decodeEntities(first.text) }] : inlineSpans((first as Tokens.Paragraph).tokens);
      await flow.paragraph(item.task ? [{ text: item.checked ? '[x] ' : '[ ] ', mono: true }, ...spans] : spans, { ...BODY, indent: itemIndent }, marker);
      await renderBlocks(ctx, flow, rest, itemIndent, tight);
    } else {
      await flow.paragraph([{ text: '' }], { ...BODY, indent: itemIndent }, marker);
      await renderBlocks(ctx, flow, blocks, itemIndent, tight);
    }
  }
}

/** Inline tokens as styled spans: bold, italic, code, links (web and mail only) and hard breaks. */
function inlineSpans(tokens: Token[], inherited: Omit<Span, 'text'> = {}): Span[] {
  const spans: Span[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'strong':
        spans.push(...inlineSpans((token as Tokens.Strong).tokens, { ...inherited, bold: true }));
        break;
      case 'em':
        spans.push(...inlineSpans((token as Tokens.Em).tokens, { ...inherited, italic: true }));
        break;
      case 'del':
        spans.push(...inlineSpans((token as Tokens.Del).tokens, inherited));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        spans.push(...inlineSpans(link.tokens, { ...inherited, link: safeLink(link.href) }));
        break;
      }
      case 'image':
        // Never fetched: the picture's description stands in for it.
        spans.push({ ...inherited, text: decodeEntities((token as Tokens.Image).text) });
        break;
      case 'codespan':
        spans.push({ ...inherited, mono: true, text: decodeEntities((token as Tokens.Codespan).text) });
        break;
      case 'br':
        spans.push({ text: '', lineBreak: true });
        break;
      case 'html':
        if (/^<br\s*\/?>$/i.test((token as Tokens.Tag).text)) spans.push({ text: '', lineBreak: true });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens) spans.push(...inlineSpans(text.tokens, inherited));
        else spans.push({ ...inherited, text: decodeEntities(text.text) });
        break;
      }
      default:
        if ('text' in token && typeof token.text === 'string') spans.push({ ...inherited, text: decodeEntities(token.text) });
    }
  }
  return spans;
}
