// The developer console's page groups, in navigation order: keys, audit trail, account; sign-in and invitation pages.
import type { ConsolePlugin } from '../console-kit.ts';
import { accountPages } from './account-pages.ts';
import { auditPages } from './audit-pages.ts';
import { invitationPages } from './invitation-pages.ts';
import { keyPages } from './key-pages.ts';
import { signInPages } from './sign-in-pages.ts';

export const developerConsole: ConsolePlugin = (router, kit) => {
  signInPages(router, kit);
  invitationPages(router, kit);
  keyPages(router, kit);
  auditPages(router, kit);
  accountPages(router, kit);
};
