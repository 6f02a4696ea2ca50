// Types of bin/compiled-build.js (plain JavaScript: it runs before any TypeScript can).
export declare const ROOT: string;
export declare const DIST: string;
export declare function newestSourceMtime(root?: string): number;
export declare function buildState(root?: string): 'current' | 'stale' | 'missing';
export declare function ensureBuild(options?: { quiet?: boolean }): string | null;
