#!/usr/bin/env node
// The `lodging` executable: registers the TypeScript loader, then dispatches through the command table.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./commands.ts');
process.exitCode = await main(process.argv.slice(2));
