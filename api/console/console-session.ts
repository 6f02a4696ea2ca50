// Console sessions: a random id in an HttpOnly SameSite=Lax cookie (Secure + __Host- over https), the record server-side in the key store's backend.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Account, AccountStore, SessionRecord } from '../accounts/account-store.ts';

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 8 * 3_600_000;
/** lastSeenAt is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionSettings {
  /** https public URL: Secure cookie with the __Host- prefix. */
  secure: boolean;
  now?: () => number;
}

export interface ConsoleSession {
  record: SessionRecord;
  account: Account | null;
}

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-lodging_console' : 'lodging_console';
}

const hashId = (id: string) => createHash('sha256').update(id, 'utf8').digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const formTokenFor = (cookie: string) => createHmac('sha256', cookie).update('lodging console form').digest('base64url');

interface CookieLocals {
  consoleCookieCleared?: boolean;
}

function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

export interface SessionManager {
  /** The live session of this request (idle and absolute expiry applied; a disabled account's session ends), or null. */
  load(req: Request, res: Response): Promise<ConsoleSession | null>;
  /**
   * The CSRF token of a form shown to someone not signed in (sign-in, invitation): derived from the cookie, which is set
   * here when missing, so showing the form writes nothing to the store (a signed double-submit token).
   */
  formToken(req: Request, res: Response): string;
  /** The token a form posted without a session must carry, or null without a cookie. */
  expectedFormToken(req: Request): string | null;
  /** Sign-in: the old session is dropped and a new id issued (no fixation), with a new CSRF token. */
  signIn(res: Response, previous: ConsoleSession | null, account: Account): Promise<ConsoleSession>;
  save(record: SessionRecord): Promise<void>;
  end(res: Response, session: ConsoleSession | null): Promise<void>;
  /** A 32-byte key derived from this request's session cookie (null without one): what it seals, the stored record alone cannot open. */
  sealingKey(req: Request): Buffer | null;
}

export function createSessionManager(accounts: AccountStore, settings: SessionSettings): SessionManager {
  const now = settings.now ?? Date.now;
  const name = sessionCookieName(settings.secure);
  const expiryOf = (record: SessionRecord) => Math.min(record.lastSeenAt + IDLE_TIMEOUT_MS, record.createdAt + ABSOLUTE_TIMEOUT_MS);
  const setCookie = (res: Response, id: string) => {
    res.append('Set-Cookie', `${name}=${id}; Path=/; HttpOnly; SameSite=Lax${settings.secure ? '; Secure' : ''}`);
  };
  const clearCookie = (res: Response) => {
    (res.locals as CookieLocals).consoleCookieCleared = true;
    res.append('Set-Cookie', `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${settings.secure ? '; Secure' : ''}`);
  };
  const save = (record: SessionRecord) => accounts.putSession(record, expiryOf(record));
  const start = async (res: Response, accountId: string | null): Promise<SessionRecord> => {
    const id = newToken();
    const at = now();
    const record: SessionRecord = { idHash: hashId(id), accountId, csrfToken: newToken(), createdAt: at, lastSeenAt: at, formNonce: null };
    await save(record);
    setCookie(res, id);
    return record;
  };

  return {
    async load(req, res) {
      const id = readCookie(req, name);
      if (!id) return null;
      const at = now();
      const record = await accounts.getSession(hashId(id), at);
      if (!record) return null;
      if (at - record.lastSeenAt > IDLE_TIMEOUT_MS || at - record.createdAt > ABSOLUTE_TIMEOUT_MS) {
        await accounts.deleteSession(record.idHash);
        clearCookie(res);
        return null;
      }
      let account: Account | null = null;
      if (record.accountId) {
        account = await accounts.findAccount(record.accountId);
        if (!account || account.status !== 'active') {
          await accounts.deleteSession(record.idHash);
          clearCookie(res);
          return null;
        }
      }
      if (at - record.lastSeenAt >= TOUCH_EVERY_MS) {
        record.lastSeenAt = at;
        await save(record);
      }
      return { record, account };
    },
    formToken(req, res) {
      const current = readCookie(req, name);
      if (current && !(res.locals as CookieLocals).consoleCookieCleared) return formTokenFor(current);
      const fresh = newToken();
      setCookie(res, fresh);
      return formTokenFor(fresh);
    },
    expectedFormToken(req) {
      const current = readCookie(req, name);
      return current ? formTokenFor(current) : null;
    },
    async signIn(res, previous, account) {
      if (previous) await accounts.deleteSession(previous.record.idHash);
      return { record: await start(res, account.id), account };
    },
    save,
    sealingKey(req) {
      const current = readCookie(req, name);
      return current ? createHmac('sha256', current).update('lodging console sealed value').digest() : null;
    },
    async end(res, session) {
      if (session) await accounts.deleteSession(session.record.idHash);
      clearCookie(res);
    },
  };
}
