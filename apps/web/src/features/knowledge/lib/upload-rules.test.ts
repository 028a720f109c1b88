import { describe, expect, it } from 'vitest';

import { uploadProblem } from './upload-rules';

describe('uploadProblem', () => {
  it('when the extension is supported and the size within 10 MB, then the file is accepted', () => {
    expect(uploadProblem({ name: 'Guide.PDF', size: 10_485_760 })).toBeNull();
    expect(uploadProblem({ name: 'notes.md', size: 12 })).toBeNull();
  });

  it('when the file is a .zip, then it is accepted: the server adds each document in it', () => {
    expect(uploadProblem({ name: 'Handbook.ZIP', size: 2_000 })).toBeNull();
  });

  it('when the extension is not supported, then it says which types are', () => {
    expect(uploadProblem({ name: 'photo.png', size: 12 })).toMatch(/PDF, DOC, DOCX, TXT or MD/);
    expect(uploadProblem({ name: 'README', size: 12 })).toMatch(/Unsupported/);
  });

  it('when the file is larger than 10485760 bytes, then it is rejected', () => {
    expect(uploadProblem({ name: 'big.pdf', size: 10_485_761 })).toBe(
      'Larger than the 10 MB limit (10,485,761 bytes; at most 10,485,760).',
    );
  });
});
