// How long a run has left, in the words every progress display uses (the CLI's progress line, the studio's batch and
// Balance runs): `about 41 s left`, `about 3 min left`. Pure: no clock of its own.

/** Nothing is said before this much of a run has passed: a short run's first moments say nothing of its pace. */
export const ETA_AFTER_SECONDS = 1;

/** `about N s left` (minutes from two of them), from the pace so far; null before any is done or a second has passed. */
export function timeLeft(elapsedSeconds: number, done: number, total: number): string | null {
  if (!(done > 0) || !(elapsedSeconds >= ETA_AFTER_SECONDS) || !(total >= done)) return null;
  const left = Math.ceil((elapsedSeconds * (total - done)) / done);
  return `about ${left >= 120 ? `${Math.round(left / 60)} min` : `${left} s`} left`;
}
