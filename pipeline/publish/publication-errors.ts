// Errors of the publication use cases that a caller shows as one line (CLI: exit 1; console: a message).
import { AppError } from '../../platform/errors/app-error.ts';
export class PublicationError extends AppError {
  constructor(
    override readonly code: 'not-held' | 'nothing-to-roll-back' | 'unknown-snapshot' | 'candidate-missing' | 'force-needs-reason' | 'confirm-remaining',
    message: string,
  ) {
    super(message, { code, status: code === 'force-needs-reason' || code === 'confirm-remaining' ? 400 : code === 'unknown-snapshot' ? 404 : 409 });
    this.name = 'PublicationError';
  }
}
