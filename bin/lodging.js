#!/usr/bin/env node
// The `lodging` executable: registers the TypeScript loader, then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../pipeline/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
