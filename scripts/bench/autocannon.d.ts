// autocannon ships no types; only what bench/load.ts uses.
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    setupRequest?: (req: Request) => Request;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    requests?: Request[];
  };
  type Histogram = { average: number; mean: number; p99: number; p50: number };
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number };
  export default function autocannon(options: Options): Promise<Result>;
}
