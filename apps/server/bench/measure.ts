import fs from 'node:fs';

/** Rounding for the printed figures. */
export const round1 = (x: number) => Math.round(x * 10) / 10;
export const round2 = (x: number) => Math.round(x * 100) / 100;

/** Resets this process's peak resident memory (VmHWM, Linux 4.0+), so each job's peak is its own. */
export function resetPeak(): void {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // The peak then covers the process so far.
  }
}

/** This process's peak resident memory in MB since start or the last resetPeak (the current RSS where /proc is missing). */
export function ownPeakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m?.[1] ? Math.round(Number(m[1]) / 1024) : Math.round(process.memoryUsage().rss / 1048576);
}
