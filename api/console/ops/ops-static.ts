// The operator pages' stylesheet and one script (live import progress over server-sent events), served from /console/static.
import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import { projectFile } from '../../../platform/project-files.ts';

const OPS_JS = readFileSync(projectFile('api/console/ops/static/ops.js'), 'utf8');
const OPS_CSS = readFileSync(projectFile('api/console/ops/static/ops.css'), 'utf8');

export function mountOpsStatic(router: Router): void {
  router.get('/static/ops.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('text/javascript').send(OPS_JS);
  });
  router.get('/static/ops.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('text/css').send(OPS_CSS);
  });
}
