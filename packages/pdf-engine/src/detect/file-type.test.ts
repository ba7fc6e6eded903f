import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxDocument, odtDocument, xlsxDocument } from '../test/office-docs.ts';
import { junkPrepended, textPdf } from '../test/fixtures.ts';
import { outlookMessage } from '../test/outlook-message.ts';
import { buildZip } from '../test/zip.ts';
import { detectFileType } from './file-type.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wattle-type-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let n = 0;
async function typeOf(bytes: Buffer): Promise<string | undefined> {
  const path = join(dir, `f${++n}`);
  await writeFile(path, bytes);
  return detectFileType(path);
}

/** A minimal OLE compound file whose directory holds one stream name. */
function compoundFile(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(9, 0x1e); // 512-byte sectors
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts at sector 1
  header.writeUInt32LE(0xfffffffe, 0x44); // no DIFAT chain
  for (let i = 0; i < 109; i++) header.writeUInt32LE(0xffffffff, 0x4c + i * 4);
  header.writeUInt32LE(0, 0x4c); // FAT in sector 0
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: end of directory chain
  const directory = Buffer.alloc(512);
  for (const [i, name] of ['Root Entry', stream].entries()) {
    const encoded = Buffer.from(name, 'utf16le');
    encoded.copy(directory, i * 128);
    directory.writeUInt16LE(encoded.length + 2, i * 128 + 0x40);
  }
  return Buffer.concat([header, fat, directory]);
}

describe('detectFileType', () => {
  it('reads images and PDFs by magic bytes, PDFs after junk too', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } });
    expect(await typeOf(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(await typeOf(await image.clone().png().toBuffer())).toBe('png');
    expect(await typeOf(await image.clone().webp().toBuffer())).toBe('webp');
    expect(await typeOf(await image.clone().gif().toBuffer())).toBe('gif');
    expect(await typeOf(await image.clone().tiff().toBuffer())).toBe('tiff');
    const pdf = await textPdf(1);
    expect(await typeOf(pdf)).toBe('pdf');
    expect(await typeOf(junkPrepended(pdf))).toBe('pdf');
    // A header further in than readers look is not a PDF.
    expect(await typeOf(Buffer.concat([Buffer.alloc(2000, 0x41), pdf]))).toBeUndefined();
  });

  it('reads HEIC and HEIF photos by their ftyp brand, and not AVIF or MP4', async () => {
    const ftyp = (brand: string, compatible = 'mif1') => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}\0\0\0\0${compatible}miaf`, 'latin1'), Buffer.alloc(64)]);
    expect(await typeOf(ftyp('heic'))).toBe('heic');
    expect(await typeOf(ftyp('heix'))).toBe('heic');
    expect(await typeOf(ftyp('mif1', 'heic'))).toBe('heic');
    expect(await typeOf(ftyp('avif'))).toBeUndefined();
    expect(await typeOf(ftyp('isom', 'mp41'))).toBeUndefined();
  });

  it('tells Office and OpenDocument files apart by their parts', async () => {
    expect(await typeOf(await docxDocument(1))).toBe('docx');
    expect(await typeOf(await xlsxDocument())).toBe('xlsx');
    expect(await typeOf(odtDocument('x'))).toBe('odt');
    expect(await typeOf(buildZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', store: true }]))).toBe('ods');
    expect(await typeOf(buildZip([{ name: '[Content_Types].xml', data: '<Types/>' }, { name: 'ppt/presentation.xml', data: '<p/>' }]))).toBe('pptx');
    expect(await typeOf(buildZip([{ name: 'hello.txt', data: 'a zip, not a document' }]))).toBe('zip');
  });

  it('tells legacy Word, Excel and PowerPoint apart by their streams', async () => {
    expect(await typeOf(compoundFile('WordDocument'))).toBe('doc');
    expect(await typeOf(compoundFile('Workbook'))).toBe('xls');
    expect(await typeOf(compoundFile('PowerPoint Document'))).toBe('ppt');
    expect(await typeOf(compoundFile('EncryptedPackage'))).toBeUndefined();
    const message = { subject: 'S', body: 'B', from: { name: 'A', email: 'a@example.com.au' }, to: { name: 'B', email: 'b@example.com.au' }, sent: new Date() };
    expect(await typeOf(outlookMessage(message))).toBe('msg');
  });

  it('RTF, UTF-8 text and unknown binaries', async () => {
    expect(await typeOf(Buffer.from('{\\rtf1\\ansi hello}'))).toBe('rtf');
    expect(await typeOf(Buffer.from('Grüße aus Perth 漢字\n'.repeat(1000)))).toBe('txt');
    expect(await typeOf(Buffer.from('\n<!DOCTYPE html>\n<html lang="en-AU"><body>Hi</body></html>'))).toBe('html');
    expect(await typeOf(Buffer.from('<!-- saved page --><html><p>Hi</p></html>'))).toBe('html');
    expect(await typeOf(Buffer.from('Use <html> tags like this.'))).toBe('txt');
    expect(await typeOf(Buffer.from('Received: by mx\r\nFrom: Ana <ana@example.com.au>\r\n  (folded)\r\nSubject: Hi\r\n\r\nBody'))).toBe('eml');
    expect(await typeOf(Buffer.from('From: a note I wrote\nabout nothing\n\nSubject: x'))).toBe('txt');
    expect(await typeOf(Buffer.from([0x00, 0x01, 0x02, 0x03]))).toBeUndefined();
    expect(await typeOf(Buffer.alloc(0))).toBeUndefined();
  });
});
