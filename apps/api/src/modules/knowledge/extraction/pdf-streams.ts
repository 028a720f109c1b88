import { createInflate } from 'node:zlib';

// pdf.js inflates a compressed stream whole, into memory, when it needs it: a few hundred
// kilobytes of FlateDecode can hold hundreds of megabytes of content. Before pdf.js opens a file,
// every Flate stream is inflated here (output counted and thrown away) and the file is refused
// once the total passes the limit. Streams cannot sit inside other streams, so scanning the file
// for `stream` keywords finds them all; whatever cannot be inflated is left to pdf.js.
export const maxPdfInflatedBytes = 200 * 1024 * 1024;

export class PdfTooLargeError extends Error {
  constructor(limit: number) {
    super(
      `This file expands to more than ${Math.round(limit / (1024 * 1024))} MB when opened, so it can't be read safely.`,
    );
  }
}

function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let produced = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      if (error) reject(error);
      else resolve(produced);
    };
    inflate.on('data', (piece: Buffer) => {
      produced += piece.length;
      if (produced > budget) finish(new Error('over budget'));
    });
    // A damaged stream still counts for what it gave before the damage.
    inflate.on('error', () => finish(null));
    inflate.on('end', () => finish(null));
    inflate.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
}

export async function checkPdfStreams(bytes: Uint8Array, limit = maxPdfInflatedBytes) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const keyword = />>\s*stream(\r\n|\r|\n)/g;
  let total = 0;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const dataStart = match.index + match[0].length;
    const dictionaryStart = text.lastIndexOf('obj', match.index);
    const dictionary = text.slice(Math.max(0, dictionaryStart), match.index);
    const end = text.indexOf('endstream', dataStart);
    const dataEnd = end < 0 ? text.length : end;
    keyword.lastIndex = dataEnd;
    if (!/\/(FlateDecode|Fl)\b/.test(dictionary)) continue;
    try {
      total += await inflatedSize(bytes.subarray(dataStart, dataEnd), limit - total);
    } catch {
      throw new PdfTooLargeError(limit);
    }
  }
  return total;
}
