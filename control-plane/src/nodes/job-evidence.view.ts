/**
 * A job's failure evidence (what a node saw when a step failed) as the
 * surfaces answer it: the console's /api/console/me/jobs/{id}/evidence and
 * the admin API's /api/admin/jobs/{id}/evidence share one view. The admin's
 * adds the job, the node and the page's HTML. The integrator never gets the
 * HTML, and the console redacts the step's text (secrets, others' paths)
 * before it answers.
 */
import { z } from 'zod';
import { isoString } from '../http/admin-query.js';
import type { JobEvidence } from './nodes-admin.service.js';

export const jobEvidenceView = z.object({
  id: z.string(),
  attemptId: z.string().describe('The dispatch attempt it was taken in'),
  step: z.string().describe('The step that failed'),
  errorCode: z.string().nullable(),
  screenshotPng: z.string().nullable().describe('base64 PNG of the page as the node saw it, capped; null when the node took none'),
  createdAt: isoString,
});

export const jobEvidenceAdminView = jobEvidenceView.extend({
  jobId: z.string(),
  nodeId: z.string(),
  html: z.string().nullable().describe("The page's HTML, capped"),
});

/** The integrator's view, its step passed through `redact`. */
export function viewOfEvidence(e: JobEvidence, redact: (text: string) => string): z.infer<typeof jobEvidenceView> {
  return { id: e.id, attemptId: e.attemptId, step: redact(e.step), errorCode: e.errorCode, screenshotPng: e.screenshotPng, createdAt: e.createdAt };
}
