// Sums a V8 .cpuprofile's samples by source file or package (self time) and by function (self and inclusive), optionally within a time window.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  /** Sampled microseconds counted (idle and the profiler's own work left out). */
  sampledUs: number;
  byFile: { file: string; share: number }[];
  selfByFunction: { fn: string; share: number }[];
  /** Share of samples whose stack holds the function (counted once per sample however deep it recurses). */
  inclusiveByFunction: { fn: string; share: number }[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** dist/api/x.js → api/x.ts; node_modules/foo/… → npm:foo; '' → (native / V8). */
export function groupOf(url: string): string {
  if (url === '') return '(native / V8)';
  const local = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(local);
  if (nm) return `npm:${nm[1]}`;
  if (local.startsWith('node:')) return 'node: built-ins';
  return path.relative(root, local).replace(/^dist\//, '').replace(/\.js$/, '.ts');
}

/** `fromUs`/`toUs`: the profile's own clock (CLOCK_MONOTONIC µs, as process.hrtime.bigint() / 1000n on Linux). */
export function summariseProfile(profile: CpuProfile, window: { fromUs?: number; toUs?: number } = {}, top = 30): ProfileSummary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${groupOf(url)}${url ? `:${lineNumber + 1}` : ''}`;
  };
  const selfByFile = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let sampled = 0;
  let at = profile.startTime;
  profile.samples!.forEach((id, i) => {
    const dt = profile.timeDeltas![i] ?? 0;
    at += dt;
    if ((window.fromUs !== undefined && at < window.fromUs) || (window.toUs !== undefined && at > window.toUs)) return;
    const node = nodes.get(id)!;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)' || (functionName === 'dispatch' && url === '')) return;
    sampled += dt;
    const group = functionName === '(garbage collector)' ? '(garbage collector)' : groupOf(url);
    selfByFile.set(group, (selfByFile.get(group) ?? 0) + dt);
    const fn = label(id);
    selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + dt);
    const onStack = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) onStack.add(label(cur));
    for (const f of onStack) inclusive.set(f, (inclusive.get(f) ?? 0) + dt);
  });
  const sorted = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => ({ k, share: t / Math.max(1, sampled) }));
  return {
    sampledUs: sampled,
    byFile: sorted(selfByFile, top).map(({ k, share }) => ({ file: k, share })),
    selfByFunction: sorted(selfByFn, top).map(({ k, share }) => ({ fn: k, share })),
    inclusiveByFunction: sorted(inclusive, top * 2).map(({ k, share }) => ({ fn: k, share })),
  };
}
