// Minimal types for the part of autocannon's programmatic API bench/web.ts uses (the package ships none).
declare module "autocannon" {
  interface Stats {
    readonly average: number
    readonly mean: number
    readonly stddev: number
    readonly min: number
    readonly max: number
    readonly total: number
    readonly p50: number
    readonly p90: number
    readonly p99: number
  }
  interface Result {
    readonly latency: Stats
    readonly requests: Stats
    readonly throughput: Stats
    readonly duration: number
    readonly errors: number
    readonly timeouts: number
    readonly non2xx: number
    readonly "2xx": number
  }
  interface Options {
    readonly url: string
    readonly connections?: number
    readonly pipelining?: number
    readonly duration?: number
    readonly headers?: Record<string, string>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
