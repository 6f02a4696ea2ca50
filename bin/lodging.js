#!/usr/bin/env node
// The `lodging` executable: runs the compiled build in dist/ (rebuilt first when a source is newer), or the
// TypeScript sources through tsx (LODGING_RUNTIME=tsx, or when the build cannot be made), then dispatches.
import { ensureBuild } from './compiled-build.js';

const runtime = process.env.LODGING_RUNTIME ?? 'auto';
if (!['auto', 'compiled', 'tsx'].includes(runtime)) {
  process.stderr.write(`lodging: LODGING_RUNTIME must be auto, compiled or tsx (got ${JSON.stringify(runtime)})\n`);
  process.exit(2);
}

async function loadCommands() {
  if (runtime !== 'tsx') {
    // Never run a stale build: ensureBuild recompiles what changed, or says why it could not.
    const failure = ensureBuild();
    if (failure === null) return import('../dist/bin/commands.js');
    if (runtime === 'compiled') {
      process.stderr.write(`lodging: cannot run the compiled build: ${failure}\n`);
      process.exit(1);
    }
    process.stderr.write(`lodging: warning: ${failure}; running the TypeScript sources through tsx instead (slower start, more memory)\n`);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('./commands.ts');
}

const { main } = await loadCommands();
process.exitCode = await main(process.argv.slice(2));
