/** Stable step names of a publish, used for progress reports, failure evidence and what each fact about a site decides. */
export const STEPS = ['check_login', 'open_editor', 'fill', 'upload', 'apply_settings', 'publish', 'read_back'] as const;
export type Step = (typeof STEPS)[number];
