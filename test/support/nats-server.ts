// A private nats-server for a test suite: JetStream in a temporary directory, on a free port, optionally with a configuration file, stopped and restarted at will.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, portAnswers } from './local-ports.ts';

/** Whether nats-server is on the PATH; under CI=true its absence fails the run instead of skipping. */
export function natsServerAvailable(): boolean {
  const found = spawnSync('nats-server', ['--version'], { encoding: 'utf8' }).status === 0;
  if (found) return true;
  if (process.env.CI === 'true') throw new Error('nats-server is not on the PATH: the snapshot distribution suites must run under CI');
  console.warn('\n*** SKIPPING the NATS suites: nats-server is not on the PATH. ***\n');
  return false;
}

export interface TestNatsServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its store directory. */
  dispose(): Promise<void>;
}

export interface NatsServerOptions {
  /** A configuration file (accounts, permissions), read as it is; the port, address and store directory stay the test's. */
  config?: string;
  /** Variables the configuration file reads (passwords), added to the server's environment. */
  env?: Record<string, string>;
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<TestNatsServer> {
  let port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'lodging-nats-'));
  let child: ChildProcess | null = null;
  /** The last line the latest server wrote to stderr (why it exited, when it did). */
  let lastWords = (): string => '';
  const args = () => [...(options.config ? ['-c', options.config] : []), '-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)];
  const env = { ...process.env, ...options.env };
  /** False when the server exited before it answered (its port taken meanwhile by another suite, say). */
  const tryStart = async (): Promise<boolean> => {
    const started = spawn('nats-server', args(), { stdio: ['ignore', 'ignore', 'pipe'], env });
    child = started;
    let said = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-400);
    });
    lastWords = () => said.trim().split('\n').pop() ?? '';
    for (let i = 0; i < 300; i += 1) {
      if (await portAnswers(port)) return true;
      if (started.exitCode !== null || started.signalCode !== null) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nats-server did not start on port ${port}`);
  };
  const start = async () => {
    if (!(await tryStart())) throw new Error(`nats-server exited before answering on port ${port}: ${lastWords()}`);
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
  // The first start may pick another free port when the one chosen was taken before the server bound it.
  for (let attempt = 1; !(await tryStart()); attempt += 1) {
    if (attempt === 3) throw new Error(`nats-server exited before answering, three times (last port ${port}): ${lastWords()}`);
    port = await freePort();
  }
  return {
    get url() {
      return `nats://127.0.0.1:${port}`;
    },
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
