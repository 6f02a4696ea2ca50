// A full V8 garbage collection on demand: frees a large structure's heap before a long native step that allocates little JavaScript.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * Collects the whole heap now. V8 collects when JavaScript allocates; a step that runs inside SQLite allocates almost
 * none, so the garbage of what came before it stays resident through it. The collector is V8's own `gc`, exposed
 * once for this process (as test runners that report heap use do); a process started with --expose-gc uses its own.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) collect = exposed;
    else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
  }
  collect();
}
