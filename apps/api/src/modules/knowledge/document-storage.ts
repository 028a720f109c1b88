import { createHash } from 'node:crypto';
import { readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knowledgeSourceFiles, knowledgeSources } from '../../db/schema';

// An upload's bytes, hashed as they arrive. The upload is at most 10 MB (the multipart limit stops
// the stream past it) and is inspected, then stored in the database, as a whole. Several files of
// one request share those 10 MB: past `limitBytes` the stream is left and null returned.
// Read through its events rather than an async iterator: a request may carry 250 small files, and
// the iterator's promises per file cost the server more than the hashing.
export function receiveUpload(
  stream: Readable,
  limitBytes = Number.POSITIVE_INFINITY,
): Promise<{ size: number; sha256: string; bytes: Buffer } | null> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        settle(() => resolve(null));
        stream.destroy();
        return;
      }
      hash.update(chunk);
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () =>
      settle(() =>
        resolve({ size, sha256: hash.digest('hex'), bytes: Buffer.concat(chunks, size) }),
      ),
    );
    stream.once('error', (error) => settle(() => reject(error)));
    stream.once('close', () =>
      settle(() =>
        reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })),
      ),
    );
  });
}

// Originals uploaded before they were kept in the database lie under DATA_DIR/uploads; each is
// moved into knowledge_source_files (a missing file stays missing: reading that document fails
// as it would have), then its file is removed. Safe to run by several processes at once.
export async function moveStoredOriginals(db: Database, dataDir: string, logger: Logger) {
  const uploads = path.join(dataDir, 'uploads');
  let moved = 0;
  for (;;) {
    const stored = await db
      .select({ id: knowledgeSources.id, storagePath: knowledgeSources.storagePath })
      .from(knowledgeSources)
      .where(isNotNull(knowledgeSources.storagePath))
      .limit(50);
    if (stored.length === 0) break;
    for (const { id, storagePath } of stored) {
      const content = await readFile(storagePath!).catch(() => null);
      await db.transaction(async (tx) => {
        if (content) {
          await tx
            .insert(knowledgeSourceFiles)
            .values({ sourceId: id, content })
            .onConflictDoNothing();
        }
        await tx
          .update(knowledgeSources)
          .set({ storagePath: null })
          .where(and(eq(knowledgeSources.id, id), eq(knowledgeSources.storagePath, storagePath!)));
      });
      // Only files of this installation's upload folder are removed, whatever the column said.
      if (path.resolve(storagePath!).startsWith(uploads + path.sep)) {
        await rm(storagePath!, { force: true });
        await removeEmptyFolders(path.dirname(storagePath!), uploads);
      }
      moved += 1;
    }
  }
  await rm(path.join(uploads, '.incoming'), { recursive: true, force: true });
  await rmdir(uploads).catch(() => undefined);
  if (moved > 0) logger.info({ moved }, 'uploaded originals moved into the database');
  return moved;
}

async function removeEmptyFolders(folder: string, root: string) {
  for (let current = folder; current.startsWith(root + path.sep); current = path.dirname(current)) {
    const removed = await rmdir(current).then(
      () => true,
      () => false,
    );
    if (!removed) return;
  }
}

// A name safe to show and to offer as a download: no directories, control or quoting characters.
export function sanitizeFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const limited = cleaned.length > 180 ? cleaned.slice(cleaned.length - 180) : cleaned;
  return limited || 'document';
}
