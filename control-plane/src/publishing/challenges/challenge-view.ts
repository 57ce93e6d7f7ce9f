/**
 * How a job waiting on a person looks from outside: `awaiting_input` while
 * its challenge names the attempt that is running (a challenge left from an
 * attempt that ended counts for nothing), and what the page asks.
 */
import type { OpenChallenge } from '../publishing.schema.js';

export interface ChallengeColumns {
  state: string;
  attemptId: string | null;
  challenge: OpenChallenge | null;
  inputDeadline: Date | null;
}

/** The job's open challenge, or null when it waits on no one. */
export function openChallenge(j: ChallengeColumns): (OpenChallenge & { deadline: Date }) | null {
  if (j.state !== 'running' || !j.challenge || j.challenge.attemptId !== j.attemptId || !j.inputDeadline) return null;
  return { ...j.challenge, deadline: j.inputDeadline };
}

/** The `challenge` of a job answer (Open API, console): snake_case, with where its screenshot is. */
export function challengeAnswer(j: ChallengeColumns & { id: string }, screenshotBase: string) {
  const c = openChallenge(j);
  if (!c) return null;
  return {
    kind: c.kind,
    step: c.step,
    message: c.message,
    asked_at: c.askedAt,
    deadline: c.deadline.toISOString(),
    screenshot_url: `${screenshotBase}/jobs/${j.id}/challenge/screenshot`,
  };
}
