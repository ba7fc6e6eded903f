import type { PDFDocument } from '@cantoo/pdf-lib';
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
