import { createInflateRaw, inflateRawSync } from 'node:zlib';

// Checks a zip archive (DOCX, or any zip-based upload) before any parser opens it. Parsers such as
// mammoth's JSZip inflate every entry into memory on trust; a few hundred kilobytes can claim
// gigabytes. The central directory is read here, its claims are checked, and then every entry is
// really inflated (and the output thrown away) while counting, because the sizes a zip declares
// can lie.

export type ZipLimits = {
  maxEntries: number;
  // Uncompressed bytes of all entries together, and of one entry.
  maxTotalBytes: number;
  maxEntryBytes: number;
  // Uncompressed / compressed, checked for entries past ratioFloorBytes (a small file of blanks
  // compresses very well and is harmless).
  maxRatio: number;
  ratioFloorBytes: number;
};

export const documentZipLimits: ZipLimits = {
  maxEntries: 5_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

export type ZipEntry = {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

export type ZipRefusal =
  'too_many_entries' | 'too_large' | 'entry_too_large' | 'ratio' | 'encrypted' | 'corrupt';

export class ZipArchiveError extends Error {
  constructor(
    readonly reason: ZipRefusal,
    message: string,
  ) {
    super(message);
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function refusal(reason: ZipRefusal, limits: ZipLimits): ZipArchiveError {
  const messages: Record<ZipRefusal, string> = {
    too_many_entries: `This file is made of more than ${limits.maxEntries.toLocaleString('en-US')} parts, so it can't be read safely.`,
    too_large: `This file expands to more than ${megabytes(limits.maxTotalBytes)} when opened, so it can't be read safely.`,
    entry_too_large: `A part of this file expands to more than ${megabytes(limits.maxEntryBytes)} when opened, so it can't be read safely.`,
    ratio: `A part of this file is compressed more than ${limits.maxRatio} to 1 (the mark of a "zip bomb"), so it can't be read safely.`,
    encrypted: 'This file is password-protected.',
    corrupt: 'This file is damaged or not a valid archive.',
  };
  return new ZipArchiveError(reason, messages[reason]);
}

const eocdSignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EocdSignature = 0x06064b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;

// Reads the central directory and checks what it declares: entry count, sizes, ratios. Nothing is
// inflated. Throws ZipArchiveError.
export function listZipEntries(bytes: Uint8Array, limits: ZipLimits = documentZipLimits) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corrupt = () => refusal('corrupt', limits);
  const u16 = (at: number) => {
    if (at < 0 || at + 2 > bytes.length) throw corrupt();
    return view.getUint16(at, true);
  };
  const u32 = (at: number) => {
    if (at < 0 || at + 4 > bytes.length) throw corrupt();
    return view.getUint32(at, true);
  };
  const u64 = (at: number) => {
    if (at < 0 || at + 8 > bytes.length) throw corrupt();
    const value = view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
    return Number(value);
  };

  // The end record sits in the last 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === eocdSignature) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  let declaredCount = u16(eocd + 10);
  let directorySize = u32(eocd + 12);
  let directoryOffset = u32(eocd + 16);
  if (
    (declaredCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) &&
    eocd >= 20 &&
    u32(eocd - 20) === zip64LocatorSignature
  ) {
    const record = u64(eocd - 20 + 8);
    if (u32(record) !== zip64EocdSignature) throw corrupt();
    declaredCount = u64(record + 32);
    directorySize = u64(record + 40);
    directoryOffset = u64(record + 48);
  }
  if (declaredCount > limits.maxEntries) throw refusal('too_many_entries', limits);
  if (directoryOffset + directorySize > bytes.length) throw corrupt();

  const entries: ZipEntry[] = [];
  let declaredTotal = 0;
  const decoder = new TextDecoder();
  for (let at = directoryOffset; at < directoryOffset + directorySize;) {
    // The count in the end record can understate the directory: the walk is what counts.
    if (entries.length >= limits.maxEntries) throw refusal('too_many_entries', limits);
    if (u32(at) !== centralSignature) throw corrupt();
    const flags = u16(at + 8);
    const method = u16(at + 10);
    let compressedSize = u32(at + 20);
    let uncompressedSize = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let localHeaderOffset = u32(at + 42);
    const nameStart = at + 46;
    if (nameStart + nameLength + extraLength > bytes.length) throw corrupt();
    const name = decoder.decode(bytes.subarray(nameStart, nameStart + nameLength));
    // Zip64: the sizes and offset that did not fit are in extra field 0x0001, in this order.
    for (let extra = nameStart + nameLength; extra + 4 <= nameStart + nameLength + extraLength;) {
      const id = u16(extra);
      const size = u16(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (uncompressedSize === 0xffffffff) {
          uncompressedSize = u64(field);
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(field);
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(field);
      }
      extra += 4 + size;
    }
    const entry: ZipEntry = {
      name,
      method,
      encrypted: (flags & 1) === 1,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    };
    declaredTotal += uncompressedSize;
    entries.push(entry);
    at = nameStart + nameLength + extraLength + commentLength;
  }
  // The whole first: it is the figure a person can relate to.
  if (declaredTotal > limits.maxTotalBytes) throw refusal('too_large', limits);
  for (const entry of entries) checkSizes(entry, entry.uncompressedSize, limits);
  return entries;
}

function checkSizes(entry: ZipEntry, uncompressed: number, limits: ZipLimits) {
  if (uncompressed > limits.maxEntryBytes) throw refusal('entry_too_large', limits);
  if (
    uncompressed > limits.ratioFloorBytes &&
    uncompressed > Math.max(entry.compressedSize, 1) * limits.maxRatio
  ) {
    throw refusal('ratio', limits);
  }
}

function entryData(bytes: Uint8Array, entry: ZipEntry, limits: ZipLimits) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== localSignature) {
    throw refusal('corrupt', limits);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw refusal('corrupt', limits);
  return bytes.subarray(start, end);
}

// An entry that may expand to at most this much is inflated in one synchronous call, its output
// capped at its limit: for the small entries archives are made of, a stream per entry cost ten to
// fifteen times the inflating itself (500 entries of 1.5 KB: 80 to 115 ms against 5 to 8), and an
// archive of 500 documents spent 0.7 s unpacking when eight arrived at once. Larger entries are
// streamed, so their output can be counted (and dropped) as it arrives.
const inPlaceBytes = 1024 * 1024;
// Between entries, the event loop is given back once this long has passed, so an archive of many
// entries holds other requests up for about this at most.
const sliceMs = 8;

// The most an entry may expand to under the limits before it is refused.
function outputBound(entry: ZipEntry, limits: ZipLimits, budget: number) {
  const byRatio = Math.max(
    limits.ratioFloorBytes,
    Math.max(entry.compressedSize, 1) * limits.maxRatio,
  );
  return Math.max(0, Math.min(limits.maxEntryBytes, byRatio, budget));
}

function checkProduced(entry: ZipEntry, produced: number, limits: ZipLimits, budget: number) {
  checkSizes(entry, produced, limits);
  if (produced > budget) throw refusal('too_large', limits);
}

// Inflates one entry (its content when `keep` is set, else null) and stops as soon as it passes a
// limit. `budget` is what the whole archive may still expand to.
async function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  limits: ZipLimits,
  budget: number,
  keep: boolean,
): Promise<{ produced: number; content: Buffer | null }> {
  if (entry.encrypted) throw refusal('encrypted', limits);
  const data = entryData(bytes, entry, limits);
  const input = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (entry.method === 0) {
    checkProduced(entry, data.length, limits, budget);
    return { produced: data.length, content: keep ? input : null };
  }
  if (entry.method !== 8) throw refusal('corrupt', limits);
  const bound = outputBound(entry, limits, budget);
  if (bound <= inPlaceBytes) {
    let content: Buffer;
    try {
      content = inflateRawSync(input, { maxOutputLength: Math.max(1, bound) });
    } catch (error) {
      // Past the bound: refused by the limit it passed.
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        checkProduced(entry, bound + 1, limits, budget);
      }
      throw refusal('corrupt', limits);
    }
    checkProduced(entry, content.length, limits, budget);
    return { produced: content.length, content: keep ? content : null };
  }
  const pieces: Buffer[] = [];
  const produced = await new Promise<number>((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let count = 0;
    let settled = false;
    const stop = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) {
        inflate.destroy();
        reject(error);
      } else resolve(count);
    };
    inflate.on('data', (piece: Buffer) => {
      count += piece.length;
      try {
        checkProduced(entry, count, limits, budget);
        if (keep) pieces.push(piece);
      } catch (error) {
        stop(error as Error);
      }
    });
    inflate.on('error', () => stop(refusal('corrupt', limits)));
    inflate.on('end', () => stop(null));
    inflate.end(input);
  });
  return { produced, content: keep ? Buffer.concat(pieces, produced) : null };
}

export type CheckedEntry = ZipEntry & { content: Buffer | null };

// The full check: the central directory's claims, then every entry inflated for real against the
// same limits, once. Returns the entries, each with its content when `keep` accepts it (callers
// that unpack archives), else with null (the output was counted and dropped). Throws
// ZipArchiveError, before returning anything, for any entry that fails.
export async function checkZipArchive(
  bytes: Uint8Array,
  limits: ZipLimits = documentZipLimits,
  keep: (entry: ZipEntry) => boolean = () => false,
): Promise<CheckedEntry[]> {
  const checked: CheckedEntry[] = [];
  let total = 0;
  let sliceStarted = performance.now();
  for (const entry of listZipEntries(bytes, limits)) {
    const { produced, content } = await inflateEntry(
      bytes,
      entry,
      limits,
      limits.maxTotalBytes - total,
      keep(entry),
    );
    total += produced;
    checked.push({ ...entry, content });
    if (performance.now() - sliceStarted > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  return checked;
}
