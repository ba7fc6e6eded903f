import { AlignmentType, Document, ImageRun, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { buildZip } from './zip.ts';

/** Office fixtures, generated: docx/exceljs for ordinary files, hand-built zips for hostile ones. */

/** A DOCX of `pages` pages with headings, paragraphs, a table and an image on each. */
export async function docxDocument(pages: number, title = 'Quarterly report'): Promise<Buffer> {
  const image = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#2a6' } }).png().toBuffer();
  const children = [];
  for (let p = 1; p <= pages; p++) {
    children.push(
      new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: `${title} section ${p}`, bold: true, size: 36 })] }),
      ...Array.from({ length: 4 }, (_, i) => new Paragraph({ children: [new TextRun(`Paragraph ${i + 1} of section ${p}: revenue, staff and outlook for the Australian market. `.repeat(3))] })),
      new Table({
        rows: [['State', 'Revenue', 'Staff'], ['NSW', '1,200', '14'], ['VIC', '950', '11'], ['QLD', '700', '8']].map(
          (row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) }),
        ),
      }),
      new Paragraph({ children: [new ImageRun({ type: 'png', data: image, transformation: { width: 300, height: 150 } })] }),
    );
    if (p < pages) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

export async function xlsxDocument(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Budget');
  sheet.addRow(['Item', 'Cost']);
  sheet.addRow(['Rent', 2400]);
  sheet.addRow(['Power', 310]);
  sheet.addRow(['Total', { formula: 'B2+B3' }]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A DOCX whose picture is linked (not embedded) from `url`: opening it fetches the URL. */
export function docxWithExternalImage(url: string): Buffer {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">
<w:body><w:p><w:r><w:t>Linked picture below</w:t></w:r></w:p>
<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/>
<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="remote.png"/><pic:cNvPicPr/></pic:nvPicPr>
<pic:blipFill><a:blip r:link="rIdImg"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>
</w:body></w:document>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${url}" TargetMode="External"/></Relationships>`;
  return buildZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'word/document.xml', data: document },
    { name: 'word/_rels/document.xml.rels', data: rels },
  ]);
}

const MANIFEST = (extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>${extra}
</manifest:manifest>`;

const odtContent = (body: string, head = '') => `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" xmlns:ooo="http://openoffice.org/2004/office" xmlns:dom="http://www.w3.org/2001/xml-events" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2">${head}
<office:body><office:text>${body}</office:text></office:body></office:document-content>`;

function odt(content: string, extraFiles: { name: string; data: string }[] = [], manifestExtra = ''): Buffer {
  return buildZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', store: true },
    { name: 'META-INF/manifest.xml', data: MANIFEST(manifestExtra) },
    { name: 'content.xml', data: content },
    ...extraFiles,
  ]);
}

export const odtDocument = (text: string) => odt(odtContent(`<text:p>${text}</text:p>`));

/** An ODT with its own automatic styles (paragraph and text styles the body's elements name). */
export const odtWithStyles = (styles: string, body: string) => odt(odtContent(body, `<office:automatic-styles>${styles}</office:automatic-styles>`));

/** An ODT whose image is a link to `url`. */
export const odtWithExternalImage = (url: string) =>
  odt(
    odtContent(
      `<text:p>Linked image below</text:p><text:p><draw:frame draw:name="img" svg:width="3cm" svg:height="3cm"><draw:image xlink:href="${url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`,
    ),
  );

/** An ODT with a Basic macro bound to "document opened" and "view created" that writes `markerPath`. */
export function odtWithMacro(markerPath: string): Buffer {
  const listener = (event: string) =>
    `<script:event-listener script:language="ooo:script" script:event-name="${event}" xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document" xlink:type="simple"/>`;
  const events = `<office:scripts><office:event-listeners>${listener('dom:load')}${listener('office:view-created')}</office:event-listeners></office:scripts>`;
  const module = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">Sub Main
  Open "${markerPath}" For Output As #1
  Print #1, "macro ran"
  Close #1
End Sub
</script:module>`;
  const library = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE library:library PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "library.dtd">
<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" library:readonly="false" library:passwordprotected="false"><library:element library:name="Module1"/></library:library>`;
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE library:libraries PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "libraries.dtd">
<library:libraries xmlns:library="http://openoffice.org/2000/library" xmlns:xlink="http://www.w3.org/1999/xlink"><library:library library:name="Standard" library:link="false"/></library:libraries>`;
  return odt(
    odtContent('<text:p>Document with a macro</text:p>', events),
    [
      { name: 'Basic/script-lc.xml', data: container },
      { name: 'Basic/Standard/script-lb.xml', data: library },
      { name: 'Basic/Standard/Module1.xml', data: module },
    ],
    ['Basic/', 'Basic/script-lc.xml', 'Basic/Standard/', 'Basic/Standard/script-lb.xml', 'Basic/Standard/Module1.xml']
      .map((p) => `\n<manifest:file-entry manifest:full-path="${p}" manifest:media-type="${p.endsWith('/') ? '' : 'text/xml'}"/>`)
      .join(''),
  );
}

/** A DOCX whose document part inflates to `bytes` of spaces (a zip bomb in an Office file). */
export function docxBomb(bytes: number, declaredSize?: number): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'word/document.xml', data: Buffer.alloc(bytes, 0x20), declaredSize },
  ]);
}
