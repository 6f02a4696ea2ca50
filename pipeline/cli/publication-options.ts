// Parses the publication flags several commands share: --max-rejected-share, --max-drop, --max-field-loss, --force --reason.
import type { GateThresholds } from '../gates/gates.ts';
import { UsageError } from '../../platform/cli-io.ts';

function share(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) throw new UsageError(`${flag} must be a share from 0 to 1, got "${text}"`);
  return value;
}

export function parseGateOptions(values: { 'max-rejected-share'?: string | undefined; 'max-drop'?: string | undefined; 'max-field-loss'?: string | undefined }, defaults: GateThresholds): GateThresholds {
  return {
    maxRejectedShare: share('--max-rejected-share', values['max-rejected-share'], defaults.maxRejectedShare),
    maxDrop: share('--max-drop', values['max-drop'], defaults.maxDrop),
    maxFieldLoss: share('--max-field-loss', values['max-field-loss'], defaults.maxFieldLoss),
  };
}

export function parseForce(values: { force?: boolean | undefined; reason?: string | undefined }): { reason: string } | null {
  if (!values.force) {
    if (values.reason !== undefined) throw new UsageError('--reason goes with --force');
    return null;
  }
  if (!values.reason?.trim()) throw new UsageError('--force needs --reason "why it is safe to publish"');
  return { reason: values.reason };
}
