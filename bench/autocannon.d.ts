// autocannon ships no types; this covers what the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Requests per second over all connections (a fixed offered load). */
    overallRate?: number;
    /** Each request made anew by setupRequest (a unique body, a varying path). */
    requests?: Array<{ method?: string; path?: string; body?: string; headers?: Record<string, string>; setupRequest?: (request: RequestParams) => RequestParams }>;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
