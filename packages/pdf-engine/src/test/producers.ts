import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AlignmentType, Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import PDFKit from 'pdfkit';
import { libreOfficePdfs } from './corpus.ts';
import { odtWithStyles } from './office-docs.ts';

/**
 * The same short text as real producers write it, made at test time: pdfLaTeX (Type 1 fonts, and
 * Type 3 bitmap fonts), latex with dvips and Ghostscript (Type 3), LibreOffice (ODT and DOCX),
 * ReportLab (standard and TrueType fonts), pdfkit, Chromium's print-to-PDF (Skia, as Google Docs) and
 * PyMuPDF; matplotlib's file (Type 3 outlines over a shading) is held, made once by
 * held/make-matplotlib.py. The text has what text extraction and redaction trip on: a German word
 * hyphenated across a line end, ligature words ("office", "flow"), one word in capitals
 * (letter-spaced by ReportLab, pdfkit and Chromium) and in mixed case, a two-word phrase whose space
 * pdfTeX writes as a kerning gap, and a word in a second font. A producer missing from the machine
 * is skipped with the reason.
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** Debian's python has ReportLab and PyMuPDF (python3-reportlab, python3-fitz); another python on PATH may not. */
const DEBIAN_PYTHON = '/usr/bin/python3';

export const PRODUCER_TEXT = {
  opening: 'The Kestrel office report shows the flow of funds to the regional team.',
  capitals: 'KESTREL remains the code name for this work.',
  /** Set in a narrow column, so "Abbildung" is hyphenated across the line end. */
  german: ['Unsere Firma zeigt die Abbil', 'dung im Überblick.'],
  /** The second word is in a second font. */
  secondFont: ['Ask', 'Quokka', 'for the figures.'],
} as const;

const germanLine = PRODUCER_TEXT.german.join('');

/** Every file's title says it too: metadata must be redacted with the page. */
export const TITLE = 'Kestrel office notes';

export interface ProducerFile {
  /** Who wrote the file, as its name says: `pdftex`, `libreoffice-odt`, `chromium-skia`, … */
  producer: string;
  path: string;
}

export interface ProducerCorpus {
  files: ProducerFile[];
  skipped: { producer: string; reason: string }[];
}

const FONT = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

type Producer = (dir: string) => Promise<string>;

/**
 * The same LaTeX source three ways: pdfLaTeX with the default (OT1) fonts, which TeX Live has as
 * Type 1; pdfLaTeX with T1 (Cork) fonts, which without cm-super exist only as METAFONT bitmaps, so
 * pdfTeX writes Type 3 fonts whose glyphs are named by code (/a28) and whose ligatures pdftotext
 * cannot read; and latex, dvips and Ghostscript's ps2pdf with the same bitmaps, as Type 3 fonts with
 * glyph names and a font matrix that turns glyphs upside down (the text matrix turns them back).
 */
const latexSource = (fontenc: boolean) => String.raw`\documentclass{article}
${fontenc ? String.raw`\usepackage[T1]{fontenc}` : ''}
\usepackage[utf8]{inputenc}
\usepackage[ngerman,english]{babel}
\pagestyle{empty}
\pdfinfo{/Title (${TITLE})}
\begin{document}
\noindent\begin{minipage}{8cm}
${PRODUCER_TEXT.opening}

${PRODUCER_TEXT.capitals}

\selectlanguage{ngerman}\parbox{4.6cm}{${germanLine}}

\selectlanguage{english}${PRODUCER_TEXT.secondFont[0]} \texttt{${PRODUCER_TEXT.secondFont[1]}} ${PRODUCER_TEXT.secondFont[2]}
\end{minipage}
\end{document}
`;

const tex = (command: string, dir: string, name: string) =>
  run(command, ['-interaction=nonstopmode', '-halt-on-error', '-output-directory', dir, join(dir, `${name}.tex`)], { cwd: dir, timeout: 120_000 });

const pdftex = (name: string, fontenc: boolean): Producer => async (dir) => {
  await writeFile(join(dir, `${name}.tex`), latexSource(fontenc));
  await tex('pdflatex', dir, name);
  return join(dir, `${name}.pdf`);
};

const dvipsGhostscript: Producer = async (dir) => {
  const name = 'dvips-ghostscript';
  await writeFile(join(dir, `${name}.tex`), latexSource(true));
  await tex('latex', dir, name);
  await run('dvips', ['-q', '-o', join(dir, `${name}.ps`), join(dir, `${name}.dvi`)], { cwd: dir, timeout: 120_000 });
  await run('ps2pdf', [join(dir, `${name}.ps`), join(dir, `${name}.pdf`)], { cwd: dir, timeout: 120_000 });
  return join(dir, `${name}.pdf`);
};

/** The German paragraph is narrow and carries a soft hyphen where the word is to break. */
const softGerman = `${PRODUCER_TEXT.german[0]}\u00ad${PRODUCER_TEXT.german[1]}`;

/** "Kestrel office report" underlined and highlighted: the line and the highlight reach past the redacted words. */
const marked = (line: string, wrap: (words: string) => string) => line.replace('Kestrel office report', wrap);

const libreOfficeOdt: Producer = async (dir) => {
  const [path] = await libreOfficePdfs(dir, [{ name: 'libreoffice-odt.odt', bytes: odtWithStyles(
    `<style:style style:name="Narrow" style:family="paragraph"><style:paragraph-properties fo:margin-right="12.5cm"/></style:style>` +
      `<style:style style:name="Marked" style:family="text"><style:text-properties style:text-underline-style="solid" style:text-underline-width="auto" style:text-underline-color="font-color" fo:background-color="#ffff00"/></style:style>` +
      `<style:style style:name="Mono" style:family="text"><style:text-properties fo:font-family="'DejaVu Sans Mono'" style:font-name="DejaVu Sans Mono" fo:font-weight="bold"/></style:style>`,
    `<text:p>${marked(PRODUCER_TEXT.opening, (words) => `<text:span text:style-name="Marked">${words}</text:span>`)}</text:p><text:p>${PRODUCER_TEXT.capitals}</text:p>` +
      `<text:p text:style-name="Narrow">${softGerman}</text:p>` +
      `<text:p>${PRODUCER_TEXT.secondFont[0]} <text:span text:style-name="Mono">${PRODUCER_TEXT.secondFont[1]}</text:span> ${PRODUCER_TEXT.secondFont[2]}</text:p>`,
  ) }]);
  return path!;
};

const libreOfficeDocx: Producer = async (dir) => {
  const docx = await Packer.toBuffer(new Document({ title: TITLE, sections: [{ children: [
    new Paragraph({ children: PRODUCER_TEXT.opening.split(/(Kestrel office report)/).map((text, i) => new TextRun({ text, ...(i === 1 && { underline: {}, highlight: 'yellow' }) })) }),
    new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph(PRODUCER_TEXT.capitals)] })] })] }),
    new Paragraph({ indent: { right: 7000 }, alignment: AlignmentType.LEFT, children: [new TextRun(softGerman)] }),
    new Paragraph({ children: [new TextRun(`${PRODUCER_TEXT.secondFont[0]} `), new TextRun({ text: PRODUCER_TEXT.secondFont[1], font: 'Liberation Mono', bold: true }), new TextRun(` ${PRODUCER_TEXT.secondFont[2]}`)] }),
  ] }] }));
  const [path] = await libreOfficePdfs(dir, [{ name: 'libreoffice-docx.docx', bytes: docx }]);
  return path!;
};

/** Lines drawn one by one (ReportLab, PyMuPDF, pdfkit lay out nothing): the hyphen is drawn at the line end. */
const LINES = [PRODUCER_TEXT.opening, PRODUCER_TEXT.capitals, `${PRODUCER_TEXT.german[0]}-`, PRODUCER_TEXT.german[1]];

const python = (script: string) => async (dir: string, out: string) => {
  await run(DEBIAN_PYTHON, ['-c', script, join(dir, out), JSON.stringify({ lines: LINES, second: PRODUCER_TEXT.secondFont, font: FONT, title: TITLE })], { timeout: 60_000 });
  return join(dir, out);
};

const REPORTLAB = (truetype: boolean) => `
import sys, json
from reportlab.pdfgen import canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
spec = json.loads(sys.argv[2])
regular, second = 'Helvetica', 'Courier-Bold'
if ${truetype ? 'True' : 'False'}:
    pdfmetrics.registerFont(TTFont('NotoSans', spec['font']['regular']))
    pdfmetrics.registerFont(TTFont('NotoSansBold', spec['font']['bold']))
    regular, second = 'NotoSans', 'NotoSansBold'
c = canvas.Canvas(sys.argv[1])
y = 780
for i, line in enumerate(spec['lines']):
    c.setFont(regular, 12)
    # The capitals letter-spaced (Tc), which pdftotext reads as one-letter words.
    c.drawString(72, y, line, charSpace=4 if i == 1 else 0)
    y -= 18
# The last line is drawn through a form XObject, as ReportLab's page templates are.
c.beginForm('closing')
t = c.beginText(72, y)
t.setFont(regular, 12); t.textOut(spec['second'][0] + ' ')
t.setFont(second, 12); t.textOut(spec['second'][1])
t.setFont(regular, 12); t.textOut(' ' + spec['second'][2])
c.drawText(t)
c.endForm()
c.doForm('closing')
c.setTitle(spec['title'])
c.acroForm.textfield(name='codename', value='Kestrel', x=300, y=600, width=120, height=20)
c.showPage()
c.save()
`;

const PYMUPDF = `
import sys, json, fitz
spec = json.loads(sys.argv[2])
doc = fitz.open()
page = doc.new_page()
y = 72
for line in spec['lines']:
    page.insert_text((72, y), line, fontsize=12, fontname='helv')
    y += 18
x = 72
page.insert_text((x, y), spec['second'][0] + ' ', fontsize=12, fontname='helv')
x += fitz.get_text_length(spec['second'][0] + ' ', fontname='helv', fontsize=12)
page.insert_text((x, y), spec['second'][1], fontsize=12, fontname='NotoBold', fontfile=spec['font']['bold'])
x += fitz.Font(fontfile=spec['font']['bold']).text_length(spec['second'][1], fontsize=12)
page.insert_text((x, y), ' ' + spec['second'][2], fontsize=12, fontname='helv')
page.add_text_annot((400, 72), 'Ask about Kestrel first')
doc.embfile_add('kestrel-figures.txt', b'figures', filename='kestrel-figures.txt', desc='Kestrel figures')
doc.set_metadata({'title': spec['title']})
doc.set_toc([[1, 'Kestrel office', 1]])
doc.save(sys.argv[1])
`;

/** pdfkit: the body in an embedded TrueType font (Type 0, shaped with ligatures and kerning), the second font a standard one. */
const pdfkit: Producer = async (dir) => {
  const path = join(dir, 'pdfkit.pdf');
  const doc = new PDFKit({ size: 'A4', info: { Producer: 'pdfkit', Title: TITLE } });
  const done = new Promise<void>((resolve, reject) => doc.pipe(createWriteStream(path)).on('finish', resolve).on('error', reject));
  doc.registerFont('body', await readFile(FONT.regular));
  doc.font('body').fontSize(12);
  // The first line underlined, the second a link: a line and an annotation that reach past the redacted words.
  LINES.forEach((line, i) => doc.text(line, 72, 72 + i * 18, { lineBreak: false, underline: i === 0, ...(i === 1 && { link: 'https://example.com/', characterSpacing: 4 }) }));
  doc.outline.addItem('Kestrel figures');
  doc.text(`${PRODUCER_TEXT.secondFont[0]} `, 72, 72 + LINES.length * 18, { continued: true }).font('Courier-Bold').text(PRODUCER_TEXT.secondFont[1], { continued: true }).font('body').text(` ${PRODUCER_TEXT.secondFont[2]}`);
  doc.end();
  await done;
  return path;
};

/** Chromium prints through Skia, as Google Docs' PDFs are made; the German paragraph breaks at its soft hyphen. */
const chromium: Producer = async (dir) => {
  const html = join(dir, 'chromium.html');
  const css = `@font-face{font-family:Body;src:url("file://${FONT.regular}")}@font-face{font-family:Second;src:url("file://${FONT.bold}")}` +
    'body{font:12pt Body;margin:2cm}p{margin:0 0 6pt}.narrow{width:4.3cm}.second{font-family:Second}';
  await writeFile(
    html,
    `<!doctype html><meta charset="utf-8"><title>${TITLE}</title><style>${css}</style>` +
      `<p>${marked(PRODUCER_TEXT.opening, (words) => `<u style="background:#ff0">${words}</u>`)}</p><p><a href="https://example.com/">${PRODUCER_TEXT.capitals.replace('KESTREL', '<span style="letter-spacing:4pt">KESTREL</span>')}</a></p>` +
      `<p class="narrow" lang="de">${softGerman}</p><p>${PRODUCER_TEXT.secondFont[0]} <span class="second">${PRODUCER_TEXT.secondFont[1]}</span> ${PRODUCER_TEXT.secondFont[2]}</p>`,
  );
  const path = join(dir, 'chromium-skia.pdf');
  await run('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--user-data-dir=${join(dir, 'chromium-profile')}`, `--print-to-pdf=${path}`, `file://${html}`], { timeout: 120_000 });
  return path;
};

/** A producer the machine does not have: its file is committed in held/, with the script that made it. */
const held = (producer: string): Producer => async (dir) => {
  const path = join(dir, `${producer}.pdf`);
  await copyFile(fileURLToPath(new URL(`./held/${producer}.pdf`, import.meta.url)), path);
  return path;
};

/** A producer is there when its command runs (and, for python, imports its library). */
const has = (command: string, ...args: string[]) => () => run(command, args, { timeout: 30_000 }).then(() => true, () => false);
const pythonHas = (module: string) => has(DEBIAN_PYTHON, '-c', `import ${module}`);

const PRODUCERS: { producer: string; needs: string; present: () => Promise<boolean>; make: Producer }[] = [
  { producer: 'pdftex', needs: 'pdflatex', present: has('pdflatex', '--version'), make: pdftex('pdftex', false) },
  { producer: 'pdftex-type3', needs: 'pdflatex', present: has('pdflatex', '--version'), make: pdftex('pdftex-type3', true) },
  { producer: 'dvips-ghostscript', needs: 'dvips and Ghostscript', present: async () => (await has('dvips', '--version')()) && has('gs', '--version')(), make: dvipsGhostscript },
  { producer: 'libreoffice-odt', needs: 'soffice', present: has('soffice', '--version'), make: libreOfficeOdt },
  { producer: 'libreoffice-docx', needs: 'soffice', present: has('soffice', '--version'), make: libreOfficeDocx },
  { producer: 'reportlab-standard', needs: 'ReportLab for python3', present: pythonHas('reportlab'), make: (dir) => python(REPORTLAB(false))(dir, 'reportlab-standard.pdf') },
  { producer: 'reportlab-truetype', needs: 'ReportLab for python3', present: pythonHas('reportlab'), make: (dir) => python(REPORTLAB(true))(dir, 'reportlab-truetype.pdf') },
  { producer: 'pdfkit', needs: 'pdfkit', present: async () => true, make: pdfkit },
  { producer: 'chromium-skia', needs: 'chromium', present: has('chromium', '--version'), make: chromium },
  { producer: 'pymupdf', needs: 'PyMuPDF for python3', present: pythonHas('fitz'), make: (dir) => python(PYMUPDF)(dir, 'pymupdf.pdf') },
  // Type 3 fonts of glyph outlines (DejaVu), and a Gouraud-shaded band under the first lines (sh).
  { producer: 'matplotlib', needs: 'its held file', present: async () => true, make: held('matplotlib') },
];

/** ImageMagick writes a PDF page as one picture: no text to redact, so it is named and not made. */
const NO_TEXT = [{ producer: 'imagemagick', reason: 'ImageMagick writes PDF pages as pictures, which hold no text' }];

/** `only` names the producers to run (the others are neither made nor listed as skipped). */
export async function buildProducerCorpus(dir: string, options: { only?: readonly string[] } = {}): Promise<ProducerCorpus> {
  await mkdir(dir, { recursive: true });
  const corpus: ProducerCorpus = { files: [], skipped: options.only ? [] : [...NO_TEXT] };
  // One at a time: LibreOffice and Chromium each want a core.
  for (const { producer, needs, present, make } of PRODUCERS.filter((p) => !options.only || options.only.includes(p.producer))) {
    if (!(await present())) {
      corpus.skipped.push({ producer, reason: `${needs} is not installed` });
      continue;
    }
    corpus.files.push({ producer, path: await make(dir) });
  }
  return corpus;
}
