// Run as a child process by the pruner tests: starts a build, prints its version, then waits to be killed.
import { createSnapshotBuilder } from '../../../../pipeline/snapshot/snapshot-builder.ts';
import { makeListing } from './make-listing.ts';

const builder = createSnapshotBuilder({ dataDir: process.argv[2]!, country: 'es', runId: 'run-killed' });
for (let line = 1; line <= 100; line += 1) builder.add(makeListing({ providerId: `killed-${line}`, source: { line } }));
process.stdout.write(`${builder.version}\n`);
setInterval(() => {}, 60_000);
