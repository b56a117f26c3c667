// CPU accounting from /proc (clock ticks of 10 ms, USER_HZ 100) for the benches that run the real server: a process's
// own and its reaped children's CPU, every process id, and the machine's busy share.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10;

/** A process's CPU (ms) and its process group; zeros when it is gone. */
export function procTimes(pid: number | 'self'): { own: number; system: number; children: number; group: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
    return {
      own: (Number(f[11]) + Number(f[12])) * TICK_MS,
      system: Number(f[12]) * TICK_MS,
      children: (Number(f[13]) + Number(f[14])) * TICK_MS,
      group: Number(f[2]),
    };
  } catch {
    return { own: 0, system: 0, children: 0, group: 0 };
  }
}

/** Every process now alive. */
export const processIds = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);

/** A process's command line with its arguments joined by spaces, '' when it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** Whether the process is a PostgreSQL server process (the postmaster or one it started). */
export function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/** The share of the machine's CPU time that was busy from the call to each call of the answer (/proc/stat). */
export function machineBusyShare(): () => number {
  const read = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const a = read();
  return () => {
    const b = read().map((v, i) => v - a[i]!);
    const idle = b[3]! + b[4]!;
    return 1 - idle / b.reduce((s, v) => s + v, 0);
  };
}
