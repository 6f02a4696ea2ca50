// Who did what, when and from where: the one helper every use case calls to add to an account's audit trail.
import type { AccountStore, AuditAction, AuditEntry } from './account-store.ts';

export interface Actor {
  /** An account id, "cli" (a shell on the server) or "system". */
  actor: string;
  /** The client address, when the action came over HTTP. */
  address: string | null;
}

export const CLI_ACTOR: Actor = { actor: 'cli', address: null };
export const SYSTEM_ACTOR: Actor = { actor: 'system', address: null };

export async function audit(
  accounts: AccountStore,
  accountId: string,
  action: AuditAction,
  by: Actor,
  extra: { keyId?: string | null; detail?: string | null; at?: string } = {},
): Promise<void> {
  const entry: AuditEntry = {
    at: extra.at ?? new Date().toISOString(),
    accountId,
    action,
    actor: by.actor,
    address: by.address,
    keyId: extra.keyId ?? null,
    detail: extra.detail ?? null,
  };
  await accounts.appendAudit(entry);
}
