import { rgb, type RGB } from '@cantoo/pdf-lib';

/** '#RRGGBB' (schema-checked) as pdf-lib's colour and as 0..1 components for annotation /C arrays. */
export function colourComponents(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export const pdfColour = (hex: string): RGB => rgb(...colourComponents(hex));
