// autocannon ships no types; only what the bench uses.
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    setupRequest?: (req: Request) => Request;
    onResponse?: (status: number, body: string) => void;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Number of requests; overrides duration. */
    amount?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    requests?: Request[];
  };
  type Histogram = { average: number; mean: number; p99: number; p50: number; total: number };
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number };
  export default function autocannon(options: Options): Promise<Result>;
}
