// The one failure that stops an import (unreadable file, unknown country, a cap passed); bad data never is one.
import { AppError } from '../../platform/errors/app-error.ts';

/** A fatal problem that stops an import (unreadable file, unknown country); bad data never is one. */
export class ImportError extends AppError {
  constructor(
    override readonly code: | 'unreadable-file'
      | 'unknown-country'
      | 'no-files'
      | 'bad-suppression-list'
      | 'bad-distinct-places'
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
