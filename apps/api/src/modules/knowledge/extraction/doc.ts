import { createRequire } from 'node:module';
import type { ExtractedSection } from './extract-document';
import { corruptMessage, ExtractionError } from './extraction-error';

// DOC (Word 97-2003 binary) and the CFB container around it.

type WordExtractorDocument = { getBody(): string };
type WordExtractorInstance = { extract(input: Buffer): Promise<WordExtractorDocument> };
const requireCjs = createRequire(import.meta.url);
// word-extractor ships no types; this is the one method we use.
const WordExtractor = requireCjs('word-extractor') as new () => WordExtractorInstance;

type CfbEntry = { name: string; type: number; start: number; size: number };

// A small reader for the parts of CFB that word-extractor does not expose: the FIB flags say
// whether the document is encrypted, and Word 6/95 files keep their text in one plain run.
function readCfb(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const broken = () => new ExtractionError('corrupt_file', corruptMessage('doc'));
  if (bytes.length < 512) throw broken();
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) throw broken();
  const sectorSize = 1 << shift;
  const miniSectorSize = 1 << view.getUint16(0x20, true);
  const sectorCount = Math.ceil(bytes.length / sectorSize);
  const sector = (id: number) => {
    const offset = (id + 1) * sectorSize;
    if (offset + sectorSize > bytes.length + sectorSize || offset >= bytes.length) throw broken();
    return bytes.subarray(offset, Math.min(offset + sectorSize, bytes.length));
  };
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const id = view.getUint32(0x4c + i * 4, true);
    if (id < 0xfffffffa) fatSectors.push(id);
  }
  let difat = view.getUint32(0x44, true);
  for (let guard = 0; difat < 0xfffffffa && guard < sectorCount; guard++) {
    const data = sector(difat);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0; i < sectorSize / 4 - 1; i++) {
      const id = dv.getUint32(i * 4, true);
      if (id < 0xfffffffa) fatSectors.push(id);
    }
    difat = dv.getUint32(sectorSize - 4, true);
  }
  const fat: number[] = [];
  for (const id of fatSectors) {
    const data = sector(id);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0; i + 4 <= data.length; i += 4) fat.push(dv.getUint32(i, true));
  }
  const chain = (start: number, table: number[]) => {
    const ids: number[] = [];
    for (let id = start; id < 0xfffffffa; id = table[id] ?? 0xfffffffe) {
      if (ids.length > table.length) throw broken();
      ids.push(id);
    }
    return ids;
  };
  const readChain = (start: number, size?: number) => {
    const parts = chain(start, fat).map(sector);
    const all = Buffer.concat(parts);
    return size === undefined ? all : all.subarray(0, size);
  };
  const directory = readChain(view.getUint32(0x30, true));
  const entries: CfbEntry[] = [];
  for (let offset = 0; offset + 128 <= directory.length; offset += 128) {
    const nameLength = directory.readUInt16LE(offset + 0x40);
    if (nameLength < 2 || nameLength > 64) continue;
    entries.push({
      name: directory.toString('utf16le', offset, offset + nameLength - 2),
      type: directory[offset + 0x42]!,
      start: directory.readUInt32LE(offset + 0x74),
      size: directory.readUInt32LE(offset + 0x78),
    });
  }
  const root = entries.find((entry) => entry.type === 5);
  if (!root) throw broken();
  const cutoff = view.getUint32(0x38, true);
  const miniFat: number[] = [];
  const miniFatStart = view.getUint32(0x3c, true);
  if (miniFatStart < 0xfffffffa) {
    const data = readChain(miniFatStart);
    for (let i = 0; i + 4 <= data.length; i += 4) miniFat.push(data.readUInt32LE(i));
  }
  const readStream = (name: string): Buffer | null => {
    const entry = entries.find((e) => e.type === 2 && e.name === name);
    if (!entry) return null;
    if (entry.size >= cutoff) return readChain(entry.start, entry.size);
    const ministream = readChain(root.start);
    const parts = chain(entry.start, miniFat).map((id) =>
      ministream.subarray(id * miniSectorSize, (id + 1) * miniSectorSize),
    );
    return Buffer.concat(parts).subarray(0, entry.size);
  };
  return { entries, readStream };
}

export async function extractDoc(bytes: Uint8Array): Promise<ExtractedSection[]> {
  const cfb = readCfb(bytes);
  const wordDocument = cfb.readStream('WordDocument');
  if (!wordDocument || wordDocument.length < 0x20) {
    throw new ExtractionError('unsupported_format');
  }
  const ident = wordDocument.readUInt16LE(0);
  const flags = wordDocument.readUInt16LE(0x0a);
  if (flags & 0x0100) {
    throw new ExtractionError('password_protected', 'the Word document is password-protected');
  }
  if (ident === 0xa5dc) return [{ text: extractWord6Text(wordDocument, flags) }];
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const document = await new WordExtractor().extract(buffer);
  return [{ text: cleanWordText(document.getBody()) }];
}

// Word 6/95 stores unformatted 8-bit text between fcMin and fcMac unless it was fast-saved.
function extractWord6Text(wordDocument: Buffer, flags: number): string {
  if (flags & 0x0004) {
    throw new ExtractionError('unsupported_format', 'fast-saved Word 6/95 files are not supported');
  }
  const fcMin = wordDocument.readUInt32LE(0x18);
  const fcMac = wordDocument.readUInt32LE(0x1c);
  if (fcMin >= fcMac || fcMac > wordDocument.length) {
    throw new ExtractionError('corrupt_file', corruptMessage('doc'));
  }
  const raw = new TextDecoder('windows-1252').decode(wordDocument.subarray(fcMin, fcMac));
  return cleanWordText(raw);
}

function cleanWordText(text: string): string {
  return (
    text
      // Field codes sit between 0x13 and 0x14; only the result after 0x14 is visible text.
      .replace(/\u0013[^\u0013\u0014\u0015]*\u0014/g, '')
      .replace(/\u0013[^\u0013\u0014\u0015]*\u0015/g, '')
      .replace(/[\u0014\u0015]/g, '')
      .replace(/\u0007/g, '\t')
      .replace(/[\r\u000b\u000c]/g, '\n')
      .replace(/\t+\n/g, '\n')
      .replace(/\t+/g, ' | ')
  );
}
