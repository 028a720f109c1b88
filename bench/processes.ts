import { readFile } from 'node:fs/promises';

// What the benchmarks read of a running server from /proc (Linux, where they run).

// A process's children: the server's document readers (one per ingest slot).
export async function childPids(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return children.split(/\s+/).filter(Boolean).map(Number);
}

// CPU time (clock ticks) of a process and its children so far.
export async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // After the command's closing parenthesis: state, then 10 fields, then utime and stime.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  for (const child of await childPids(pid)) ticks += await cpuTicks(child);
  return ticks;
}
