// One list of what a server has opened, closed again newest first: when start-up fails half-way and at a graceful stop.
export type Closer = () => void | Promise<void>;

export interface Closers {
  /** Registers what to close; the last added is closed first. */
  add(close: Closer): void;
  /** Closes everything registered (once), newest first; every closer runs, then the first failure is thrown. */
  closeAll(): Promise<void>;
}

export function createClosers(): Closers {
  const closers: Closer[] = [];
  return {
    add(close) {
      closers.push(close);
    },
    async closeAll() {
      let failure: { error: unknown } | null = null;
      for (const close of closers.splice(0).reverse()) {
        try {
          await close();
        } catch (error) {
          failure ??= { error };
        }
      }
      if (failure) throw failure.error;
    },
  };
}
