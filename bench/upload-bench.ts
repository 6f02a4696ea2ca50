// `npm run bench:upload`: uploads a 100 MB export to the console's upload code in a separate server process; its RSS growth and the time.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZE = Number(process.env.UPLOAD_BENCH_BYTES ?? 100 * 1024 * 1024);
const CHUNK = 64 * 1024;
const TARGET_RSS_GROWTH = 50 * 1024 * 1024;

const line = JSON.stringify({ providerId: 'p', name: 'Hotel Benchmark', address: { city: 'Sevilla' }, categories: ['Hotel'] }) + '\n';
const chunk = Buffer.from(line.repeat(Math.ceil(CHUNK / line.length)).slice(0, CHUNK));

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'lodging-upload-bench-'));
  const script = fileURLToPath(new URL('./support/upload-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (text: string) => {
        const match = /listening (\d+)/.exec(text);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error('the upload server stopped')));
    });
    const base = `http://127.0.0.1:${port}`;
    // Warm up (JIT, first busboy parse), then measure from a collected heap.
    await upload(base, 1024 * 1024);
    const before = (await (await fetch(`${base}/reset`, { method: 'POST' })).json()) as { rss: number };
    const started = performance.now();
    const answer = await upload(base, SIZE);
    const ms = performance.now() - started;
    const after = (await (await fetch(`${base}/rss`)).json()) as { rss: number; peak: number };
    const growth = after.peak - before.rss;
    const figures = {
      finishedAt: new Date().toISOString(),
      bytes: SIZE,
      stored: answer.bytes,
      ms: Math.round(ms),
      mbPerSecond: Number((SIZE / 1024 / 1024 / (ms / 1000)).toFixed(1)),
      rssBeforeBytes: before.rss,
      rssPeakBytes: after.peak,
      rssGrowthBytes: growth,
      target: { rssGrowthBytes: TARGET_RSS_GROWTH, met: growth <= TARGET_RSS_GROWTH },
    };
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.log(`upload of ${mb(SIZE)}: ${figures.ms} ms (${figures.mbPerSecond} MB/s); server RSS ${mb(before.rss)} -> peak ${mb(after.peak)}: +${mb(growth)} (target <= ${mb(TARGET_RSS_GROWTH)}: ${figures.target.met ? 'met' : 'MISSED'})`);
    const out = fileURLToPath(new URL('./out/', import.meta.url));
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'upload-bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
    if (answer.bytes !== SIZE) throw new Error(`stored ${answer.bytes} bytes of ${SIZE}`);
  } finally {
    child.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Streams a multipart body of `size` bytes of JSON Lines: the client never holds the file either. */
function upload(base: string, size: number): Promise<{ bytes: number }> {
  const boundary = 'lodgingbenchboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="export"; filename="es.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${base}/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body) as { bytes: number }) : reject(new Error(`${res.statusCode} ${body}`))));
    });
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const part = size - sent >= chunk.length ? chunk : chunk.subarray(0, size - sent);
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

await main();
