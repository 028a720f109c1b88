import { describe, expect, it } from 'vitest';

import { trainingMessage } from './training-message';

const none = { reread: 0, embedding: 0, inProgress: 0, upToDate: 0 };

describe('trainingMessage', () => {
  it('when every source is current, then it says so, with the right plural', () => {
    expect(trainingMessage({ ...none, upToDate: 4 }).text).toBe('All 4 sources are up to date');
    expect(trainingMessage({ ...none, upToDate: 1 }).text).toBe('Your 1 source is up to date');
  });

  it('when sources are read again, then it counts them', () => {
    expect(trainingMessage({ ...none, reread: 2, upToDate: 2 }).text).toBe(
      'Re-reading 2 changed sources…',
    );
    expect(trainingMessage({ ...none, reread: 1 }).text).toBe('Re-reading 1 changed source…');
  });

  it('when nothing could be started, then it says why', () => {
    expect(trainingMessage({ ...none, inProgress: 1 }).text).toBe('1 source is still being read.');
    expect(trainingMessage(none).text).toBe('Nothing to train on yet. Add a source first.');
    expect(trainingMessage({ ...none, embedding: 3 }).text).toBe(
      'Adding meaning search to 3 sources…',
    );
  });
});
