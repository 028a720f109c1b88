import { describe, expect, it } from 'vitest';
import { groupedUploadBytes, maxFilesPerUpload, takeUploadGroup } from './knowledge';

type Waiting = { name: string; size: number; bot: string };
const file = (name: string, size = 100, bot = 'a'): Waiting => ({ name, size, bot });
const drain = (waiting: Waiting[], slots = 4) => {
  const groups: string[][] = [];
  while (waiting.length > 0) {
    const group = takeUploadGroup(
      waiting,
      slots,
      (item) => item,
      (first, other) => first.bot === other.bot,
    );
    groups.push(group.map((item) => item.name));
  }
  return groups;
};

describe('takeUploadGroup', () => {
  it('shares a small drop out over the free slots, and a large one in requests of at most maxFilesPerUpload, in the order dropped', () => {
    const eight = Array.from({ length: 8 }, (_, index) => file(`n${index}.txt`));
    expect(takeUploadGroup(eight, 4, (item) => item).map((item) => item.name)).toEqual([
      'n0.txt',
      'n1.txt',
    ]);
    expect(eight).toHaveLength(6);
    const many = Array.from({ length: 300 }, (_, index) => file(`m${index}.txt`));
    expect(takeUploadGroup(many, 4, (item) => item)).toHaveLength(75);
    const more = Array.from({ length: 5000 }, (_, index) => file(`k${index}.txt`));
    const group = takeUploadGroup(more, 4, (item) => item);
    expect(group).toHaveLength(maxFilesPerUpload);
    expect(more[0]!.name).toBe(`k${maxFilesPerUpload}.txt`);
  });

  it('sends a large file or an archive on its own, and keeps each request within groupedUploadBytes and one chatbot', () => {
    const waiting = [
      file('a.txt'),
      file('big.pdf', groupedUploadBytes + 1),
      file('b.txt'),
      file('docs.ZIP'),
      file('other-bot.txt', 100, 'b'),
      file('half-1.txt', groupedUploadBytes / 2),
      file('half-2.txt', groupedUploadBytes / 2),
    ];
    expect(drain(waiting, 1)).toEqual([
      ['a.txt', 'b.txt', 'half-1.txt'],
      ['big.pdf'],
      ['docs.ZIP'],
      ['other-bot.txt'],
      ['half-2.txt'],
    ]);
  });
});
