// The operator pages' stylesheet and one script (live import progress over server-sent events), served from /console/static.
import type { Router } from 'express';
import { serveAsset } from '../static-asset.ts';

export function mountOpsStatic(router: Router): void {
  serveAsset(router, '/static/ops.js', 'api/console/ops/static/ops.js', 'text/javascript');
  serveAsset(router, '/static/ops.css', 'api/console/ops/static/ops.css', 'text/css');
}
