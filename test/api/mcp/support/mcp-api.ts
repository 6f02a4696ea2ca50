// A test API with MCP mounted: the real server, the real pipeline's snapshots, and startServer's mountAuthenticated hook.
import { mountMcp } from '../../../../api/mcp/mcp-routes.ts';
import { startTestApi } from '../../support/test-api.ts';
import type { TestApi, TestApiOptions } from '../../support/test-api.ts';

export function startMcpApi(options: TestApiOptions = {}): Promise<TestApi> {
  return startTestApi({ ...options, start: { mountAuthenticated: mountMcp, ...options.start } });
}
