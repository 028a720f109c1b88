import { describe, expect, it } from 'vitest';

import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('when the size is under a kilobyte, then it is shown in bytes', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
  });

  it('when the size is larger, then it uses the biggest unit with up to two decimals', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10_485_760)).toBe('10 MB');
    expect(formatFileSize(1_234_567)).toBe('1.18 MB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
});
