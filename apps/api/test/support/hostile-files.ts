import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';

// Hostile documents, generated at test time (a few hundred kilobytes each) rather than committed.

type ZipFile = {
  name: string;
  data: Buffer;
  compressed?: { bytes: Buffer; size: number; crc: number };
};

// A zip archive: stored or deflated entries, local headers, central directory, end record.
export function buildZip(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const deflated = file.compressed ?? {
      bytes: file.data.length > 0 ? deflateRawSync(file.data) : Buffer.alloc(0),
      size: file.data.length,
      crc: crc32(file.data),
    };
    const method = file.data.length > 0 || file.compressed ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(deflated.crc, 14);
    local.writeUInt32LE(deflated.bytes.length, 18);
    local.writeUInt32LE(deflated.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(deflated.crc, 16);
    central.writeUInt32LE(deflated.bytes.length, 20);
    central.writeUInt32LE(deflated.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(files.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(files.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentOpen = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>`;
const documentClose = '</w:t></w:r></w:p></w:body></w:document>';

export function docxParts(text: string): ZipFile[] {
  return [
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: '_rels/.rels', data: Buffer.from(packageRels) },
    { name: 'word/document.xml', data: Buffer.from(documentOpen + text + documentClose) },
  ];
}

// Streams `size` bytes of one repeated character through a compressor without holding them.
async function compressRepeated(
  compressor: ReturnType<typeof createDeflate>,
  prefix: string,
  size: number,
  suffix: string,
) {
  const pieces: Buffer[] = [];
  compressor.on('data', (piece: Buffer) => pieces.push(piece));
  const finished = new Promise((resolve, reject) => {
    compressor.on('end', resolve);
    compressor.on('error', reject);
  });
  const block = Buffer.alloc(1024 * 1024, 'a');
  let crc = 0;
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve) => {
      crc = crc32(chunk, crc);
      if (compressor.write(chunk)) resolve();
      else compressor.once('drain', resolve);
    });
  await write(Buffer.from(prefix));
  for (let written = 0; written < size; written += block.length) {
    await write(written + block.length <= size ? block : block.subarray(0, size - written));
  }
  await write(Buffer.from(suffix));
  compressor.end();
  await finished;
  return { bytes: Buffer.concat(pieces), size: prefix.length + size + suffix.length, crc };
}

// A DOCX whose word/document.xml is ~400 MB of one letter, deflated to a few hundred kilobytes.
export async function zipBombDocx(expandedBytes = 400 * 1024 * 1024) {
  const [types, rels] = docxParts('');
  const compressed = await compressRepeated(
    createDeflateRaw({ level: 9 }),
    documentOpen,
    expandedBytes,
    documentClose,
  );
  return buildZip([
    types!,
    rels!,
    { name: 'word/document.xml', data: Buffer.alloc(0), compressed },
  ]);
}

// A valid small DOCX followed by a very large number of empty parts.
export function manyEntriesDocx(entries = 50_000) {
  const extra = Array.from({ length: entries }, (_, index) => ({
    name: `p/${index.toString(36)}`,
    data: Buffer.alloc(0),
  }));
  return buildZip([...docxParts('A short policy text.'), ...extra]);
}

function pdfFrom(objects: string[]) {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const piece = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(piece);
    length += piece.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

// A one-page PDF whose content stream inflates to ~400 MB.
export async function flateBombPdf(expandedBytes = 400 * 1024 * 1024) {
  const { bytes } = await compressRepeated(
    createDeflate({ level: 9 }),
    'BT /F1 12 Tf 72 700 Td (',
    expandedBytes,
    ') Tj ET',
  );
  const stream = `<< /Length ${bytes.length} /Filter /FlateDecode >>\nstream\n${bytes.toString('latin1')}\nendstream`;
  return pdfFrom([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream,
    font,
  ]);
}

// A PDF whose pages each draw a form that draws another form ten times, nine levels deep: a
// billion text runs from a few kilobytes (pdf.js re-reads a form each time it is drawn). Pages in
// `readable` hold a normal sentence instead.
export function loopingPdf(pages = 1, readable: Record<number, string> = {}) {
  const draws = Array.from({ length: 10 }, () => '/X Do').join(' ');
  const depth = 9;
  const pageIds = Array.from({ length: pages }, (_, index) => 3 + index * 2);
  const firstForm = 3 + pages * 2 + 1;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
  ];
  for (let page = 1; page <= pages; page++) {
    const text = readable[page];
    const content = text ? `BT /F1 12 Tf 72 700 Td (${text}) Tj ET` : draws;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length + 2} 0 R /Resources << /Font << /F1 ${firstForm - 1} 0 R >> /XObject << /X ${firstForm} 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  objects.push(font);
  for (let level = 0; level < depth; level++) {
    const last = level === depth - 1;
    const body = last ? 'BT /F1 12 Tf 72 700 Td (again) Tj ET' : draws;
    const resources = last
      ? `/Font << /F1 ${firstForm - 1} 0 R >>`
      : `/XObject << /X ${firstForm + level + 1} 0 R >>`;
    objects.push(
      `<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${resources} >> /Length ${body.length} >>\nstream\n${body}\nendstream`,
    );
  }
  return pdfFrom(objects);
}
