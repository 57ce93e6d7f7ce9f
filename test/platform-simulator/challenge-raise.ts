/**
 * What a test asks a replica to raise mid-publish (challenge.ts draws it); apart so that the
 * simulator's state can hold it without importing the drawing.
 */
export const CHALLENGE_STEPS = ['before_upload', 'after_fill', 'at_publish'] as const;
export type ChallengeStep = (typeof CHALLENGE_STEPS)[number];
export const SIM_CHALLENGE_KINDS = ['sms', 'slider', 'captcha', 'identity', 'dialog'] as const;
export type SimChallengeKind = (typeof SIM_CHALLENGE_KINDS)[number];

export interface ChallengeRaise {
  kind: SimChallengeKind;
  step: ChallengeStep;
  /** Only pages whose path (below the platform's prefix) contains this; default every HTML page. */
  page?: string;
  /** The publish control, as a CSS selector; default a button-like element reading 发布, 发表, Publish… */
  control?: string;
  /** SMS: send the code as the dialog shows (default: when 获取验证码 is pressed, as the sources record). */
  sendOnShow?: boolean;
  /** Slider: `drag` (default) needs the handle dragged to the end; `drag-or-click` also takes a click on the handle, for a person answering with clicks only. */
  slider?: 'drag' | 'drag-or-click';
}

