import type { TrainingRun } from '@askwell/shared';

import { countOf, formatNumber, pluralWord } from '@/lib/format';

// What 'Start Training' did, in words: the server says how many sources it read again, so a press
// with nothing to do is reported as such instead of as "Training started".
export function trainingMessage(run: TrainingRun): { tone: 'success' | 'info'; text: string } {
  if (run.reread > 0) {
    return { tone: 'success', text: `Re-reading ${countOf(run.reread, 'changed source')}…` };
  }
  if (run.embedding > 0) {
    return {
      tone: 'success',
      text: `Adding meaning search to ${countOf(run.embedding, 'source')}…`,
    };
  }
  if (run.inProgress > 0) {
    return {
      tone: 'info',
      text: `${countOf(run.inProgress, 'source')} ${pluralWord(run.inProgress, 'is', 'are')} still being read.`,
    };
  }
  if (run.upToDate === 0) {
    return { tone: 'info', text: 'Nothing to train on yet. Add a source first.' };
  }
  return {
    tone: 'success',
    text:
      pluralWord(run.upToDate, 'one', 'other') === 'one'
        ? 'Your 1 source is up to date'
        : `All ${formatNumber(run.upToDate)} sources are up to date`,
  };
}
