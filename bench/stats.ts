/** The p-th percentile (0–100) of ascending `sorted` values, nearest rank; NaN when empty. */
export const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
