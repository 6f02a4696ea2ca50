// The in-process runner, on worker threads and small chunks, against the runner contract.
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { describeRunnerContract } from './support/runner-contract.ts';

describeRunnerContract('in-process', async () => ({
  runner: createInProcessRunner({ threads: 2, chunkSize: 97, threadThresholdBytes: 0 }),
}));
