// /docs: Swagger UI served from the installed swagger-ui-dist files, so it works offline; it reads /openapi.json, whose
// relative server URL keeps "Try it out" on the page's own origin (CSP connect-src 'self').
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';

const ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'favicon-16x16.png',
  'favicon-32x32.png',
]);

const assetDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Lodging Directory API docs</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <noscript><p>The interactive docs need JavaScript. The OpenAPI document itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// A separate file rather than an inline script, so the page can run under a strict CSP. BaseLayout: no top bar with
// a box to load other documents (which connect-src 'self' would block anyway).
const INIT = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
};
`;

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'";

export function createDocsRoutes(): Router {
  const router = Router();
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.type('html').send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.get('/docs/assets/:file', (req, res, next) => {
    if (!ASSETS.has(req.params.file)) return next();
    res.sendFile(path.join(assetDir, req.params.file), { maxAge: '1d' });
  });
  return router;
}
