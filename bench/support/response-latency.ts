// Latency quantiles from each 2xx response's own time (autocannon's hrtime, fractions of a millisecond), not from its whole-millisecond histogram.
import type autocannon from 'autocannon';

/** The q-quantile (0–1) of values sorted ascending, by the nearest rank; 0 when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export interface ResponseLatency {
  /** Median and 99th percentile of the 2xx responses recorded so far, in milliseconds. */
  quantiles(): { p50: number; p99: number };
}

/**
 * Records every 2xx response's time of an autocannon instance. Its histogram keeps whole milliseconds: at 1–5 ms a
 * request that rounding alone moves a ratio of two scenarios by a third.
 */
export function recordResponseLatency(instance: autocannon.Instance): ResponseLatency {
  const latencies: number[] = [];
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  return {
    quantiles() {
      const sorted = [...latencies].sort((a, b) => a - b);
      return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    },
  };
}
