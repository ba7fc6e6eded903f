import sharp from 'sharp';

/** Who is reading, burned into every page so a leaked copy names its reader. */
export interface WatermarkViewer {
  /** The verified address, when the link asked for one. */
  email: string | null;
  ip: string;
}

const dateInSydney = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric' });

/** One line: the viewer, the day (DD/MM/YYYY, Sydney time) and the IP address. */
export function watermarkText(viewer: WatermarkViewer, now: Date): string {
  return `${viewer.email ?? 'Anonymous viewer'} · ${dateInSydney.format(now)} · ${viewer.ip}`;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Rendered overlays, by size and text: a viewer's pages share one (their text and size are the same). */
const OVERLAYS_KEPT = 200;
const overlays = new Map<string, Promise<Buffer>>();

/**
 * Composites the text over a page image: diagonal, semi-transparent, repeated in rows so cropping one
 * line away leaves others. Done per view on the cached image, which stays free of any viewer's details.
 */
export async function watermarkPage(image: Buffer, text: string): Promise<Buffer> {
  const { width = 800, height = 1100 } = await sharp(image).metadata();
  return sharp(image)
    .composite([{ input: await overlay(width, height, text), top: 0, left: 0 }])
    // Encoded on every view: a lower effort costs a few per cent in size and saves a third of the time.
    .webp({ quality: 82, effort: 1 })
    .toBuffer();
}

/** The text layer as a transparent PNG, drawn from SVG once per size and text (the SVG text layout is the slow part). */
function overlay(width: number, height: number, text: string): Promise<Buffer> {
  const key = `${width}x${height}\0${text}`;
  const kept = overlays.get(key);
  if (kept) {
    // Most recently used last, so the oldest is the first to go.
    overlays.delete(key);
    overlays.set(key, kept);
    return kept;
  }
  const made = sharp(Buffer.from(overlaySvg(width, height, text))).png().toBuffer();
  made.catch(() => overlays.delete(key));
  overlays.set(key, made);
  if (overlays.size > OVERLAYS_KEPT) overlays.delete(overlays.keys().next().value!);
  return made;
}

function overlaySvg(width: number, height: number, text: string): string {
  const fontSize = Math.max(12, Math.round(width / 40));
  const rowGap = fontSize * 7;
  const diagonal = Math.ceil(Math.hypot(width, height));
  const rows: string[] = [];
  for (let y = -diagonal; y < diagonal; y += rowGap) {
    const offset = ((y / rowGap) % 2) * fontSize * 4;
    rows.push(`<text x="${-diagonal + offset}" y="${y}" xml:space="preserve">${escapeXml(`${text}        `.repeat(Math.ceil((diagonal * 2) / (text.length * fontSize * 0.5))))}</text>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<g transform="translate(${width / 2} ${height / 2}) rotate(-35)" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="${fontSize}" fill="#5a5a5a" fill-opacity="0.3">${rows.join('')}</g>
</svg>`;
}
