// The upload benchmark's server process: the console's receiveUpload behind one route, RSS sampled every 10 ms.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { receiveUpload, UploadError } from '../../api/console/ops/receive-upload.ts';

const dir = process.argv[2]!;
let peak = process.memoryUsage().rss;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10).unref();

const app = express();
app.get('/rss', (_req, res) => {
  res.json({ rss: process.memoryUsage().rss, peak });
});
app.post('/reset', (_req, res) => {
  global.gc?.();
  peak = process.memoryUsage().rss;
  res.json({ rss: peak });
});
app.post('/upload', async (req, res) => {
  try {
    const upload = await receiveUpload(req, { dir, maxBytes: 1024 ** 3, fileField: 'export' });
    res.json({ name: upload.name, bytes: upload.bytes });
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    res.status(error.status).json({ error: error.message });
  }
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
