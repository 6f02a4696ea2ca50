// A private nats-server for a test suite: JetStream in a temporary directory, on a free port, stopped and restarted at will.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Whether nats-server is on the PATH; under CI=true its absence fails the run instead of skipping. */
export function natsServerAvailable(): boolean {
  const found = spawnSync('nats-server', ['--version'], { encoding: 'utf8' }).status === 0;
  if (found) return true;
  if (process.env.CI === 'true') throw new Error('nats-server is not on the PATH: the snapshot distribution suites must run under CI');
  console.warn('\n*** SKIPPING the NATS suites: nats-server is not on the PATH. ***\n');
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface TestNatsServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its store directory. */
  dispose(): Promise<void>;
}

export async function startNatsServer(): Promise<TestNatsServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'lodging-nats-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('nats-server', ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    for (let i = 0; i < 100; i += 1) {
      if (await answers(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nats-server did not start on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
