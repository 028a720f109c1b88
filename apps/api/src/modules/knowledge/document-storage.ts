import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Originals live under DATA_DIR by ids only; the customer's file name never becomes part of a path.
export class DocumentStorage {
  private incoming: Promise<unknown> | undefined;

  constructor(private readonly dataDir: string) {}

  private userDir(userId: string) {
    return path.join(this.dataDir, 'uploads', encodeURIComponent(userId));
  }

  pathFor(userId: string, botId: string, sourceId: string) {
    return path.join(this.userDir(userId), botId, sourceId);
  }

  // Streams an upload to a temporary file, hashing as it goes, and keeps its bytes (the upload is
  // at most 10 MB, and the caller inspects all of them next: reading them back from the file cost
  // a round of the file system's thread pool per upload). The caller keeps or discards the file.
  async receive(stream: Readable) {
    const tempDir = path.join(this.dataDir, 'uploads', '.incoming');
    // Made once per process rather than once per upload (each a trip through the thread pool).
    this.incoming ??= mkdir(tempDir, { recursive: true }).catch((error: unknown) => {
      this.incoming = undefined;
      throw error;
    });
    await this.incoming;
    const tempPath = path.join(tempDir, randomUUID());
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      chunks.push(chunk);
      size += chunk.length;
    });
    try {
      await pipeline(stream, createWriteStream(tempPath, { flags: 'wx' }));
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { tempPath, size, sha256: hash.digest('hex'), bytes: Buffer.concat(chunks, size) };
  }

  // The bot's folder exists after its first upload: it is made only when placing a file there
  // says it is missing, not once per upload or per document of a 500-document archive.
  private async intoFolder(finalPath: string, place: () => Promise<void>) {
    try {
      await place();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(finalPath), { recursive: true });
      await place();
    }
  }

  keep(tempPath: string, finalPath: string) {
    return this.intoFolder(finalPath, () => rename(tempPath, finalPath));
  }

  // For documents that arrive inside another upload (an archive).
  write(finalPath: string, content: Uint8Array) {
    return this.intoFolder(finalPath, () => writeFile(finalPath, content, { flag: 'wx' }));
  }

  read(filePath: string) {
    return readFile(filePath);
  }

  async discard(filePath: string) {
    await rm(filePath, { force: true });
  }

  async removeBot(userId: string, botId: string) {
    await rm(path.join(this.userDir(userId), botId), { recursive: true, force: true });
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
