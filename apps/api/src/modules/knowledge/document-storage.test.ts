import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { receiveUpload } from './document-storage';

describe('receiving an uploaded file', () => {
  test('when a file arrives in pieces, then its bytes and hash are those sent', async () => {
    const pieces = [Buffer.from('Opening hours: '), Buffer.from('9 to 5.'), Buffer.from([0, 255])];
    const received = await receiveUpload(Readable.from(pieces));
    const whole = Buffer.concat(pieces);
    expect(received?.bytes.equals(whole)).toBe(true);
    expect(received?.size).toBe(whole.length);
    expect(received?.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
  });

  test('when a file goes past the limit, then nothing is returned and its stream is left', async () => {
    const stream = new PassThrough();
    const receiving = receiveUpload(stream, 10);
    stream.write(Buffer.alloc(8));
    stream.write(Buffer.alloc(8));
    expect(await receiving).toBeNull();
    expect(stream.destroyed).toBe(true);
  });

  test('when the sender goes away mid-file, then receiving fails instead of waiting', async () => {
    const failing = new PassThrough();
    const receivingFailing = receiveUpload(failing);
    failing.write('part of a file');
    failing.destroy(new Error('Unexpected end of form'));
    await expect(receivingFailing).rejects.toThrow('Unexpected end of form');

    const closed = new PassThrough();
    const receivingClosed = receiveUpload(closed);
    closed.write('part of a file');
    closed.destroy();
    await expect(receivingClosed).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
});
