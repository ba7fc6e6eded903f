import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { changedFormValues, fieldsFromObjects, readFormFields, widgetBox, type FormField } from './form-fields';

/**
 * A one-page AcroForm PDF written by hand (pdf.js rebuilds the missing cross-reference table): a text
 * field, a ticked checkbox, a radio group of two with "b" chosen, a dropdown and a multi-select list.
 */
function formPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R 5 0 R 6 0 R 9 0 R 10 0 R] >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Annots [4 0 R 5 0 R 7 0 R 8 0 R 9 0 R 10 0 R] >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada) /Rect [50 700 250 720] /P 3 0 R >>',
    '<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /V /Yes /AS /Yes /Rect [50 650 62 662] /AP << /N << /Yes 11 0 R /Off 11 0 R >> >> /P 3 0 R >>',
    '<< /FT /Btn /Ff 49152 /T (size) /V /b /Kids [7 0 R 8 0 R] >>',
    '<< /Type /Annot /Subtype /Widget /Parent 6 0 R /AS /Off /Rect [50 600 62 612] /AP << /N << /a 11 0 R /Off 11 0 R >> >> /P 3 0 R >>',
    '<< /Type /Annot /Subtype /Widget /Parent 6 0 R /AS /b /Rect [80 600 92 612] /AP << /N << /b 11 0 R /Off 11 0 R >> >> /P 3 0 R >>',
    '<< /Type /Annot /Subtype /Widget /FT /Ch /Ff 131072 /T (state) /V (VIC) /Opt [(NSW) (VIC) (QLD)] /Rect [50 550 150 570] /P 3 0 R >>',
    '<< /Type /Annot /Subtype /Widget /FT /Ch /Ff 2097152 /T (topics) /V [(a) (c)] /Opt [[(a) (Apples)] [(b) (Bananas)] [(c) (Cherries)]] /Rect [50 450 150 530] /P 3 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('');
  return new TextEncoder().encode(`%PDF-1.7\n${body}trailer\n<< /Root 1 0 R /Size ${objects.length + 1} >>\n%%EOF\n`);
}

describe('readFormFields', () => {
  it('reads every kind of field with its value and where it sits', async () => {
    const pdf = await getDocument({ data: formPdf(), isEvalSupported: false, verbosity: 0 }).promise;
    const fields = await readFormFields(pdf);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f])) as Record<string, FormField>;
    expect(fields.map((f) => f.name)).toEqual(['name', 'agree', 'size', 'state', 'topics']);
    expect(byName.name).toMatchObject({ kind: 'text', value: 'Ada', multiline: false, widgets: [{ page: 1, rect: [50, 700, 250, 720] }] });
    expect(byName.agree).toMatchObject({ kind: 'checkbox', value: true });
    expect(byName.size).toMatchObject({ kind: 'radio', value: 'b' });
    expect(byName.size!.widgets.map((w) => w.exportValue)).toEqual(['a', 'b']);
    expect(byName.state).toMatchObject({ kind: 'dropdown', value: 'VIC', multiple: false });
    expect(byName.topics).toMatchObject({
      kind: 'list',
      multiple: true,
      value: ['a', 'c'],
      options: [
        { value: 'a', label: 'Apples' },
        { value: 'b', label: 'Bananas' },
        { value: 'c', label: 'Cherries' },
      ],
    });
    await pdf.destroy();
  });

  it('finds no fields in a document without a form', async () => {
    const plain = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R /Size 4 >>\n%%EOF\n',
    );
    const pdf = await getDocument({ data: plain, isEvalSupported: false, verbosity: 0 }).promise;
    expect(await readFormFields(pdf)).toEqual([]);
    await pdf.destroy();
  });
});

describe('fieldsFromObjects', () => {
  it('leaves out push buttons, signature fields and hidden widgets', () => {
    const fields = fieldsFromObjects({
      submit: [{ type: 'button', page: 0, rect: [0, 0, 10, 10] }],
      sig: [{ type: 'signature', page: 0, rect: [0, 0, 10, 10] }],
      secret: [{ type: 'text', page: 0, rect: [0, 0, 10, 10], hidden: true, value: '' }],
      parent: [{ type: '' }],
    });
    expect(fields).toEqual([]);
  });

  it('marks read-only fields and flips rectangles drawn backwards', () => {
    const [field] = fieldsFromObjects({ ref: [{ type: 'text', page: 1, rect: [200, 90, 100, 70], editable: false, value: 'X' }] });
    expect(field).toMatchObject({ readOnly: true, widgets: [{ page: 2, rect: [100, 70, 200, 90] }] });
  });
});

describe('changedFormValues', () => {
  const fields = fieldsFromObjects({
    name: [{ type: 'text', page: 0, rect: [0, 0, 10, 10], value: 'Ada' }],
    agree: [{ type: 'checkbox', page: 0, rect: [0, 20, 10, 30], value: 'Off', exportValues: 'Yes' }],
    topics: [{ type: 'listbox', page: 0, rect: [0, 40, 10, 50], value: 'a', multipleSelection: true, items: [{ exportValue: 'a' }, { exportValue: 'b' }] }],
  });

  it('sends only what the user changed', () => {
    expect(changedFormValues(fields, { name: 'Ada', agree: true, topics: ['a'] })).toEqual({ agree: true });
    expect(changedFormValues(fields, { name: 'Grace', topics: ['a', 'b'] })).toEqual({ name: 'Grace', topics: ['a', 'b'] });
    expect(changedFormValues(fields, {})).toEqual({});
  });
});

describe('widgetBox', () => {
  it('places a rectangle on an upright page at the scale, y measured from the top', () => {
    // pdf.js's viewport transform for an 800 pt high page at scale 1.5: [1.5, 0, 0, -1.5, 0, 1200].
    expect(widgetBox([50, 700, 250, 720], [1.5, 0, 0, -1.5, 0, 1200])).toEqual({ left: 75, top: 120, width: 300, height: 30 });
  });

  it('turns with a page rotated by 90 degrees', () => {
    // Rotated 90° at scale 1: x runs down the screen, y runs to the right.
    expect(widgetBox([50, 700, 250, 720], [0, 1, 1, 0, 0, 0])).toEqual({ left: 700, top: 50, width: 20, height: 200 });
  });
});
