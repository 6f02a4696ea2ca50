import { describe, expect, it } from 'vitest';
import { decidePublicationStatus, type StatusFacts } from '../../../pipeline/normalise/publication-status.ts';

const ok: StatusFacts = {
  hasProviderId: true,
  hasName: true,
  onlyNonLodgingLabels: false,
  foreignCountry: null,
  businessStatus: 'OPERATIONAL',
  suppressionReasons: [],
};

describe('decidePublicationStatus', () => {
  it.each([
    ['an operational listing is published', {}, 'published', []],
    ['no business status is published', { businessStatus: null }, 'published', []],
    ['temporarily closed stays published', { businessStatus: 'CLOSED_TEMPORARILY' }, 'published', []],
    ['permanently closed is closed', { businessStatus: 'CLOSED_PERMANENTLY' }, 'closed', ['closed-permanently']],
    ['a suppressed phone suppresses', { suppressionReasons: ['suppressed-phone'] }, 'suppressed', ['suppressed-phone']],
    [
      'suppression outranks closed',
      { suppressionReasons: ['suppressed-id'], businessStatus: 'CLOSED_PERMANENTLY' },
      'suppressed',
      ['suppressed-id', 'closed-permanently'],
    ],
    ['no providerId is rejected', { hasProviderId: false }, 'rejected', ['missing-provider-id']],
    ['no name is rejected', { hasName: false }, 'rejected', ['missing-name']],
    ['only non-lodging labels is rejected', { onlyNonLodgingLabels: true }, 'rejected', ['not-lodging']],
    ['an address in another country is rejected', { foreignCountry: 'fr' }, 'rejected', ['foreign-address']],
    [
      'rejection outranks suppression and keeps every reason',
      { hasName: false, suppressionReasons: ['suppressed-domain'] },
      'rejected',
      ['missing-name', 'suppressed-domain'],
    ],
  ] as const)('%s', (_name, facts, status, reasons) => {
    expect(decidePublicationStatus({ ...ok, ...facts })).toEqual({ status, reasons });
  });
});
