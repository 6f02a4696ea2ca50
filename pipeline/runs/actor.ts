// Who performs a publication action: the console passes its account; from a shell it is the OS user.
import os from 'node:os';

export function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

export function actorOf(given: string | undefined): string {
  return given?.trim() ? given.trim() : osUser();
}
