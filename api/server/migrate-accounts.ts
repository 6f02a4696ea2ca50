// A start-up step: every account id that keys reference gets an account, and accounts sharing an e-mail are named in the log.
import type { Logger } from 'pino';
import { emailCollisions } from '../accounts/email-identity.ts';
import type { ConsoleStores } from '../accounts/console-stores.ts';
import { migrateKeyAccounts } from '../accounts/key-accounts-migration.ts';
import type { KeyStore } from '../keys/key-store.ts';

/** Never fails the start: an unreachable store only postpones the migration to the next start. */
export async function migrateAccounts(keyStore: KeyStore, stores: ConsoleStores, logger: Logger): Promise<void> {
  try {
    const migrated = await migrateKeyAccounts(keyStore, stores.accounts);
    if (migrated.length > 0) logger.info({ accounts: migrated.length }, 'made an account for every account id that keys referenced');
    const collisions = emailCollisions(await stores.accounts.listAccounts());
    if (collisions.length > 0) {
      logger.warn(
        { accounts: collisions.map((group) => group.map((a) => a.id)) },
        'accounts share an e-mail once compared after NFKC and case folding; none is merged: `lodging accounts list` names them',
      );
    }
  } catch (error) {
    logger.warn({ err: error }, 'accounts migration could not run now (store unreachable); it runs again at the next start');
  }
}
