// The API benchmark's baseline: a bare Express 5 app answering JSON, plain JavaScript (no loader), on the port given.
import express from 'express';

const app = express();
app.get('/', (_req, res) => void res.json({ hello: 'world' }));
const server = app.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  process.stdout.write(`READY http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
