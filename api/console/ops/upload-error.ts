// Why an upload was refused (400, 403, 413 or 415, with the operator's message), and the browser's file name as pages show it.
import { AppError } from '../../../platform/errors/app-error.ts';

export class UploadError extends AppError {
  declare readonly status: 400 | 403 | 413 | 415;
  constructor(status: 400 | 403 | 413 | 415, message: string) {
    super(message, { code: 'upload-refused', status });
    this.name = 'UploadError';
  }
}

/** The browser's file name as pages show it: its last segment, without control or bidi characters. */
export function originalName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').slice(0, 200);
}
