// Whether a process recorded by a lock or a run record is still alive on this machine.
import { hostname } from 'node:os';

export interface ProcessStamp {
  pid: number;
  host: string;
}

export function thisProcess(): ProcessStamp {
  return { pid: process.pid, host: hostname() };
}

/** Another host's process cannot be checked from here: it counts as alive (its owner must clear it). */
export function isAlive(stamp: ProcessStamp): boolean {
  if (stamp.host !== hostname()) return true;
  try {
    process.kill(stamp.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
