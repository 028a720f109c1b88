import { AppError } from '../../lib/app-error';

export type UploadAllowanceOptions = {
  // Uploads one account may have in progress at once (the Documents page sends 4 at a time).
  parallel: number;
  // Bytes one account may upload in `windowMs`.
  bytes: number;
  windowMs: number;
};

export const defaultUploadAllowance: UploadAllowanceOptions = {
  parallel: 8,
  bytes: 1024 * 1024 * 1024,
  windowMs: 60 * 60 * 1000,
};

type Sent = { at: number; bytes: number };

// What an upload costs is its bytes and the work it holds while it streams in, not its count: 300
// small files are a normal bulk upload, one 10 MB file after another is heavier. Each account may
// have a few uploads in progress and send so many bytes an hour; a refusal says when to come back.
// Counted per API instance, in memory.
export class UploadAllowance {
  private readonly running = new Map<string, number>();
  private readonly sent = new Map<string, Sent[]>();

  constructor(private readonly options: UploadAllowanceOptions = defaultUploadAllowance) {}

  private recent(userId: string, now: number) {
    const list = (this.sent.get(userId) ?? []).filter(
      (entry) => now - entry.at < this.options.windowMs,
    );
    if (list.length > 0) this.sent.set(userId, list);
    else this.sent.delete(userId);
    return list;
  }

  // Takes a slot for an upload of (about) `declaredBytes`; the returned release records what was
  // really received and frees the slot.
  claim(userId: string, declaredBytes: number, now = Date.now()) {
    const running = this.running.get(userId) ?? 0;
    if (running >= this.options.parallel) {
      throw new AppError(
        'rate_limited',
        `Up to ${this.options.parallel} files upload at once. Please try again in a moment.`,
        undefined,
        { 'retry-after': '1' },
      );
    }
    const recent = this.recent(userId, now);
    let used = 0;
    for (const entry of recent) used += entry.bytes;
    if (used + Math.max(0, declaredBytes) > this.options.bytes) {
      // The window frees up as the oldest uploads age out of it.
      let freed = used;
      let waitMs = this.options.windowMs;
      for (const entry of recent) {
        freed -= entry.bytes;
        if (freed + declaredBytes <= this.options.bytes) {
          waitMs = entry.at + this.options.windowMs - now;
          break;
        }
      }
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AppError(
        'rate_limited',
        `This account has uploaded ${Math.round(this.options.bytes / 1024 / 1024)} MB in the last hour. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
    this.running.set(userId, running + 1);
    let released = false;
    return (receivedBytes: number) => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
      if (receivedBytes > 0) {
        const list = this.sent.get(userId) ?? [];
        list.push({ at: Date.now(), bytes: receivedBytes });
        this.sent.set(userId, list);
      }
    };
  }
}
