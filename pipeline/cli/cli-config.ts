// The environment the pipeline commands read (CONTRACT §5), parsed once.
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  LODGING_DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.string().url().optional(),
  LODGING_THREADS: z.coerce.number().int().min(0).max(64).optional(),
});

export interface PipelineConfig {
  dataDir: string;
  redisUrl: string | undefined;
  threads: number | undefined;
}

export function loadPipelineConfig(env: NodeJS.ProcessEnv): PipelineConfig {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid environment: ${problems}`);
  }
  return {
    dataDir: path.resolve(parsed.data.LODGING_DATA_DIR),
    redisUrl: parsed.data.REDIS_URL,
    threads: parsed.data.LODGING_THREADS,
  };
}
