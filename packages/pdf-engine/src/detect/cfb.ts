import type { FileHandle } from 'node:fs/promises';

/**
 * Stream names in an OLE compound file (legacy .doc/.xls/.ppt), read from its directory chain.
 * Just enough of [MS-CFB] to tell the three apart; bounded so a looping chain cannot spin.
 */
const ENDOFCHAIN = 0xfffffffe;
const MAX_SECTORS_WALKED = 4096;

export async function compoundFileStreamNames(file: FileHandle): Promise<string[]> {
  const header = Buffer.alloc(512);
  await file.read(header, 0, 512, 0);
  const sectorSize = 1 << header.readUInt16LE(0x1e);
  if (sectorSize !== 512 && sectorSize !== 4096) return [];
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const readSector = async (sector: number) => {
    const buf = Buffer.alloc(sectorSize);
    const { bytesRead } = await file.read(buf, 0, sectorSize, sectorOffset(sector));
    return bytesRead === sectorSize ? buf : undefined;
  };

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(header.readUInt32LE(0x4c + i * 4));
  let difat = header.readUInt32LE(0x44);
  for (let walked = 0; difat < ENDOFCHAIN && walked < MAX_SECTORS_WALKED; walked++) {
    const buf = await readSector(difat);
    if (!buf) break;
    for (let i = 0; i < sectorSize / 4 - 1; i++) fatSectors.push(buf.readUInt32LE(i * 4));
    difat = buf.readUInt32LE(sectorSize - 4);
  }
  const perFatSector = sectorSize / 4;
  const nextSector = async (sector: number) => {
    const fatSector = fatSectors[Math.floor(sector / perFatSector)];
    if (fatSector === undefined || fatSector >= ENDOFCHAIN) return ENDOFCHAIN;
    const buf = await readSector(fatSector);
    return buf ? buf.readUInt32LE((sector % perFatSector) * 4) : ENDOFCHAIN;
  };

  const names: string[] = [];
  let sector = header.readUInt32LE(0x30);
  for (let walked = 0; sector < ENDOFCHAIN && walked < MAX_SECTORS_WALKED; walked++) {
    const buf = await readSector(sector);
    if (!buf) break;
    for (let off = 0; off + 128 <= sectorSize; off += 128) {
      const length = buf.readUInt16LE(off + 0x40);
      if (length >= 2 && length <= 64) names.push(buf.toString('utf16le', off, off + length - 2));
    }
    sector = await nextSector(sector);
  }
  return names;
}
