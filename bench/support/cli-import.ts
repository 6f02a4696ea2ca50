// One import through the real CLI (`lodging import --json`, the compiled build): wall time, phase split and peak RSS
// read from /proc while it runs (the child's own high-water mark, worker threads included).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportOnceResult } from './child-protocol.ts';

const LODGING = fileURLToPath(new URL('../../bin/lodging.js', import.meta.url));

function highWaterMark(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** User + system CPU of a live process in milliseconds (all its threads), from /proc/PID/stat (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export async function importWithCli(file: string, dataDir: string, country: string, threads?: string): Promise<ImportOnceResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [LODGING, 'import', '--country', country, '--json', file], {
    env: { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_RUNTIME: 'compiled', ...(threads ? { LODGING_THREADS: threads } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peak = 0;
  let cpuMs = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, highWaterMark(child.pid!));
    cpuMs = Math.max(cpuMs, cpuMsOf(child.pid!));
  }, 50);
  let publishingAt: number | null = null;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    if (publishingAt === null && d.includes('publishing')) publishingAt = performance.now();
    stderr = (stderr + d).slice(-8000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  clearInterval(sampler);
  const finished = performance.now();
  if (code !== 0) throw new Error(`lodging import ${path.basename(file)} exited ${code}:\n${stderr}`);
  const report = JSON.parse(stdout) as { lines: number; listings: number; byStatus: Record<string, number>; unknownLabelsDistinct?: number };
  return {
    lines: report.lines,
    listings: report.listings,
    published: report.byStatus.published ?? 0,
    wallMs: finished - started,
    readWriteMs: (publishingAt ?? finished) - started,
    publishMs: finished - (publishingAt ?? finished),
    peakRssSampledBytes: peak,
    maxRssBytes: peak,
    threads: Number(threads ?? 0),
    cpuMs,
    unknownLabelsDistinct: report.unknownLabelsDistinct ?? 0,
  };
}
