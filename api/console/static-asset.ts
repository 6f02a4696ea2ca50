// Serves one of the console's static files (stylesheets, the small progressive-enhancement scripts, the icon), read once at start.
import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import { projectFile } from '../../platform/project-files.ts';

/** GET `route` answers the file at `file` (relative to the project root) as `type`, cacheable for `maxAgeS`. */
export function serveAsset(router: Router, route: string, file: string, type: string, maxAgeS = 300): void {
  const body = readFileSync(projectFile(file));
  router.get(route, (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${maxAgeS}`);
    res.type(type).send(body);
  });
}
