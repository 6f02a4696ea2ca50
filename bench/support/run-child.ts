// Runs one benchmark child (`node --import tsx script ...`) and returns the JSON it printed after its result prefix.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export async function runBenchChild<T>(script: string, args: string[], prefix: string, log: (text: string) => void): Promise<T> {
  const scriptPath = fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', scriptPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let result: T | null = null;
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (data: string) => {
    pending += data;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      // Anything else the import prints (diagnostics, timings) is passed on, never mistaken for the result.
      if (line.startsWith(prefix)) result = JSON.parse(line.slice(prefix.length)) as T;
      else log(`  | ${line}`);
      newline = pending.indexOf('\n');
    }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (data: string) => {
    stderr += data;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0 || result === null) {
    throw new Error(`${script} ${args.join(' ')} failed (exit ${code}):\n${stderr.slice(-4000)}`);
  }
  if (stderr.trim() !== '') log(stderr.trimEnd().replace(/^/gm, '  ! '));
  return result;
}
