import { PDFBool, PDFCheckBox, PDFDropdown, PDFName, PDFOptionList, PDFRadioGroup, PDFTextField, StandardFonts, type PDFDocument } from '@cantoo/pdf-lib';
import type { EditOperation } from '@wattle/shared';

/** Form values set as real field values through pdf-lib's form API (checked against the fields beforehand). */
export async function fillForm(doc: PDFDocument, operation: Extract<EditOperation, { type: 'form' }>): Promise<void> {
  const form = doc.getForm();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  for (const [name, value] of Object.entries(operation.values)) {
    const field = form.getField(name);
    if (field instanceof PDFTextField) {
      field.setText(value as string);
      try {
        field.updateAppearances(helvetica);
      } catch {
        // Text the standard font cannot draw (other scripts): the value stands and readers draw it.
        form.markFieldAsClean(field.ref);
        form.acroForm.dict.set(PDFName.of('NeedAppearances'), PDFBool.True);
      }
    }
    else if (field instanceof PDFCheckBox) (value ? field.check() : field.uncheck());
    else if (field instanceof PDFRadioGroup) field.select(value as string);
    else if (field instanceof PDFDropdown || field instanceof PDFOptionList) field.select(value as string | string[]);
  }
  if (!operation.flatten) return;
  try {
    form.flatten({ updateFieldAppearances: true });
  } catch {
    // Appearances cannot always be regenerated (fonts, odd values): keep the ones the file has.
    form.flatten({ updateFieldAppearances: false });
  }
}
