import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildZip,
  docxParts,
  manyEntriesDocx,
  zipBombDocx,
} from '../../../../test/support/hostile-files';
import { checkZipArchive, ZipArchiveError, type ZipLimits } from './zip-archive';

const limits: ZipLimits = {
  maxEntries: 10,
  maxTotalBytes: 4 * 1024 * 1024,
  maxEntryBytes: 3 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

async function refusal(bytes: Uint8Array, custom: ZipLimits = limits) {
  try {
    await checkZipArchive(bytes, custom);
  } catch (error) {
    if (error instanceof ZipArchiveError) return { reason: error.reason, message: error.message };
    throw error;
  }
  return null;
}

describe('checkZipArchive', () => {
  it('when a DOCX is ordinary, then it passes and its parts can be read', async () => {
    const bytes = buildZip(docxParts('Refunds within 30 days.'));
    const entries = await checkZipArchive(bytes, limits, (entry) => entry.name.startsWith('word/'));
    expect(entries.map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/document.xml',
    ]);
    // Only the parts asked for are kept.
    expect(entries.map((entry) => entry.content === null)).toEqual([true, true, false]);
    expect(entries[2]!.content!.toString()).toContain('Refunds within 30 days.');
  });

  it('when the archive says it expands past the total, then it is refused with the figure', async () => {
    expect(await refusal(await zipBombDocx(6 * 1024 * 1024), limits)).toEqual({
      reason: 'too_large',
      message: "This file expands to more than 4 MB when opened, so it can't be read safely.",
    });
  });

  it('when one part is compressed far beyond the ratio, then it is refused as a zip bomb', async () => {
    const roomy = { ...limits, maxTotalBytes: 100 * 1024 * 1024, maxEntryBytes: 100 * 1024 * 1024 };
    expect(await refusal(await zipBombDocx(2 * 1024 * 1024), roomy)).toMatchObject({
      reason: 'ratio',
    });
  });

  it('when a part lies about its size, then inflating it is stopped at the limit', async () => {
    const data = Buffer.alloc(5 * 1024 * 1024, 'a');
    const liar = buildZip([
      {
        name: 'word/document.xml',
        data: Buffer.alloc(0),
        // Claims 1 KB; inflates to 5 MB.
        compressed: { bytes: deflateRawSync(data), size: 1024, crc: crc32(data) },
      },
    ]);
    const roomy = { ...limits, maxRatio: 100_000 };
    expect(await refusal(liar, roomy)).toMatchObject({ reason: 'entry_too_large' });
  });

  // A small part is inflated in one call, with its output capped where the limits end.
  it('when a small part lies about its size, then it is refused by the limit it passes', async () => {
    const liar = (megabytesOut: number) => {
      const data = Buffer.alloc(megabytesOut * 1024 * 1024, 'a');
      return buildZip([
        {
          name: 'word/document.xml',
          data: Buffer.alloc(0),
          // Claims 1 KB; a few kilobytes that inflate to megabytes.
          compressed: { bytes: deflateRawSync(data), size: 1024, crc: crc32(data) },
        },
      ]);
    };
    expect(await refusal(liar(2), limits)).toMatchObject({ reason: 'ratio' });
    const smallTotal = { ...limits, maxTotalBytes: 512 * 1024, maxRatio: 100_000 };
    expect(await refusal(liar(1), smallTotal)).toMatchObject({ reason: 'too_large' });
  });

  it('when the archive has more parts than allowed, then it is refused before anything is inflated', async () => {
    expect(await refusal(manyEntriesDocx(20), limits)).toEqual({
      reason: 'too_many_entries',
      message: "This file is made of more than 10 parts, so it can't be read safely.",
    });
  });

  it('when the bytes are not a zip, then it is refused as damaged', async () => {
    expect(await refusal(new TextEncoder().encode('not a zip at all'))).toMatchObject({
      reason: 'corrupt',
    });
  });
});
