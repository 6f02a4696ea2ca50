// The one failure that stops an import (unreadable file, unknown country, a cap passed); bad data never is one.
import { CommandFailure } from '../../platform/cli-io.ts';

/** A fatal problem that stops an import (unreadable file, unknown country); bad data never is one. */
export class ImportError extends CommandFailure {
  constructor(
    override readonly code: | 'unreadable-file'
      | 'unknown-country'
      | 'no-files'
      | 'bad-suppression-list'
      | 'publish-failed'
      | 'queue-unavailable'
      | 'run-failed'
      | 'import-cap',
    message: string,
  ) {
    super(message, { code });
    this.name = 'ImportError';
  }
}
