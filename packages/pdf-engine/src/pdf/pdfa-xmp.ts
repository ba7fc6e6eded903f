import { PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument, type PDFObject } from '@cantoo/pdf-lib';
import type { PdfaLevel } from './pdfa-checks.ts';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An rdf:Alt or rdf:Seq holding one value, as Dublin Core wants title, description and creator. */
const list = (element: string, kind: 'Alt' | 'Seq', value: string | undefined) =>
  value ? `<${element}><rdf:${kind}><rdf:li${kind === 'Alt' ? ' xml:lang="x-default"' : ''}>${escapeXml(value)}</rdf:li></rdf:${kind}></${element}>` : '';
const text = (element: string, value: string | undefined) => (value ? `<${element}>${escapeXml(value)}</${element}>` : '');

/**
 * The XMP packet PDF/A requires, made from the document information dictionary so the two agree
 * (PDF/A checks that they do): the pdfaid claim, title, author, subject, keywords, tools and dates.
 */
export function pdfaXmp(doc: PDFDocument, level: PdfaLevel): string {
  const date = (d: Date | undefined) => d?.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">',
    `<pdfaid:part>${level[0]}</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>`,
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<dc:format>application/pdf</dc:format>',
    list('dc:title', 'Alt', doc.getTitle()),
    list('dc:creator', 'Seq', doc.getAuthor()),
    list('dc:description', 'Alt', doc.getSubject()),
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">',
    text('pdf:Producer', doc.getProducer()),
    text('pdf:Keywords', doc.getKeywords()),
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    text('xmp:CreatorTool', doc.getCreator()),
    text('xmp:CreateDate', date(doc.getCreationDate())),
    text('xmp:ModifyDate', date(doc.getModificationDate())),
    '</rdf:Description>',
    '</rdf:RDF></x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** The document information entries PDF/A wants mirrored in XMP, and where XMP keeps each. */
const MIRRORED: [key: string, element: string][] = [
  ['Title', 'dc:title'],
  ['Author', 'dc:creator'],
  ['Subject', 'dc:description'],
  ['Keywords', 'pdf:Keywords'],
  ['Creator', 'xmp:CreatorTool'],
  ['Producer', 'pdf:Producer'],
  ['CreationDate', 'xmp:CreateDate'],
  ['ModDate', 'xmp:ModifyDate'],
];

const infoDict = (doc: PDFDocument) => {
  const info = doc.context.trailerInfo.Info;
  const dict = info ? doc.context.lookup(info) : undefined;
  return dict instanceof PDFDict ? dict : undefined;
};
const infoText = (value: PDFObject | undefined) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined);

/**
 * Document information strings made fit to be mirrored in XMP: characters XML cannot hold go (NULs
 * from UTF-16 written without its byte order mark, as ImageMagick does), and empty strings, which XMP
 * has no value for, are removed.
 */
export function tidyInfoStrings(doc: PDFDocument): void {
  const info = infoDict(doc);
  for (const [key] of MIRRORED) {
    const text = infoText(info?.lookup(PDFName.of(key)));
    if (text === undefined || key.endsWith('Date')) continue;
    const tidy = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').trim();
    if (tidy === '') info!.delete(PDFName.of(key));
    else if (tidy !== text) info!.set(PDFName.of(key), PDFHexString.fromText(tidy));
  }
}

const unescapeXml = (text: string) =>
  text.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[entity.toLowerCase()]) return named[entity.toLowerCase()]!;
    return String.fromCodePoint(entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
  });

/** An XMP property's value, written as an element (its first rdf:li when a list) or an attribute. */
function xmpValue(xmp: string, element: string): string | undefined {
  const block = new RegExp(`<${element}(?:\\s[^>]*)?>([\\s\\S]*?)</${element}>`).exec(xmp)?.[1];
  if (block !== undefined) {
    const item = /<rdf:li(?:\s[^>]*)?>([\s\S]*?)<\/rdf:li>/.exec(block)?.[1];
    return unescapeXml((item ?? block).trim());
  }
  const attribute = new RegExp(`\\s${element}\\s*=\\s*(["'])([\\s\\S]*?)\\1`).exec(xmp)?.[2];
  return attribute === undefined ? undefined : unescapeXml(attribute);
}

/** PDF date (D:YYYYMMDDHHmmSS+HH'mm') as an instant, to the second. */
function pdfDate(text: string): number | undefined {
  const m = /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Z+-])?(\d{2})?'?(\d{2})?/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) : 0;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000;
}

/** Which document information entries have no equal XMP value (ISO 19005-1 6.7.3, 19005-2 6.6.2.3.1). */
export function infoWithoutXmp(doc: PDFDocument, xmp: string): string[] {
  const info = infoDict(doc);
  const differing: string[] = [];
  for (const [key, element] of MIRRORED) {
    const value = infoText(info?.lookup(PDFName.of(key)));
    if (value === undefined) continue;
    const mirrored = xmpValue(xmp, element);
    const agree = key.endsWith('Date') ? mirrored !== undefined && pdfDate(value) === Date.parse(mirrored) - (Date.parse(mirrored) % 1000) : mirrored === value;
    if (!agree) differing.push(key);
  }
  return differing;
}
