/**
 * What the jianshu (简书) adapter rests on: each fact about the writer, its
 * JSON API and its login, with the public sources that record it (states:
 * ../provenance.ts).
 */
import { defineProvenance } from '../provenance.js';

export const JIANSHU_PROVENANCE = defineProvenance({
  sources: [
    { id: 'Wd', ref: 'wechatsync/Wechatsync packages/@wechatsync/drivers/src/jianshu.js (2021-04-27)', snapshot: '2023-09-05' },
    { id: 'Wc', ref: 'wechatsync/Wechatsync@f67129b packages/core/src/adapters/platforms/jianshu.ts (read in the fork wangguanran/Wechatsync)', snapshot: '2026-01-18' },
    { id: 'Wf', ref: 'iguatian/Wechatsync@1a95398 packages/core/src/adapters/platforms/jianshu.ts (as indexed)', snapshot: '2026-11-24' },
    { id: 'M', ref: 'leaperone/MultiPost-Extension src/sync/article/jianshu.ts (2025-12-05), src/sync/article.ts (2026-06-04)', snapshot: '2026-06-04' },
    { id: 'S', ref: 'terwer/siyuan-plugin-publisher src/adaptors/web/jianshu/jianshuWebAdaptor.ts', snapshot: '2025-11-11' },
  ],
  facts: [
    { step: 'open_editor', fact: 'the writer https://www.jianshu.com/writer; a note at /writer#/notebooks/<nb>/notes/<id>', state: 'second-sourced', sources: ['M', 'Wd', 'S'] },
    { step: 'read_back', fact: 'a public article at https://www.jianshu.com/p/<slug>', state: 'second-sourced', sources: ['M', 'Wd', 'S'] },
    {
      step: 'check_login',
      fact: 'GET /settings/basic.json → data {nickname, avatar}; the account id is the number in the avatar path /users/upload_avatars/<id>/',
      state: 'second-sourced',
      sources: ['Wd', 'Wc'],
    },
    { step: 'fill', fact: 'data.preferred_note_type markdown (else rich text) decides the body’s format', state: 'sourced', sources: ['Wf'] },
    {
      step: 'check_login',
      fact: 'without a session the writer goes to /sign_in and API calls answer 401',
      state: 'unverified',
      sources: [],
      note: 'no source records it; basic.json without a nickname is taken as no session',
    },
    {
      step: 'login',
      fact: 'the session cookie remember_user_token',
      state: 'unverified',
      sources: [],
      note: 'no source records jianshu’s cookie names; the login check reads basic.json, not a cookie',
    },
    { step: 'apply_settings', fact: 'GET /author/notebooks → [{id, name}]', state: 'second-sourced', sources: ['Wd', 'Wc', 'S'] },
    { step: 'fill', fact: 'POST /author/notes {notebook_id, title, at_bottom false} → {id, slug}', state: 'second-sourced', sources: ['Wd', 'M', 'S'] },
    {
      step: 'fill',
      fact: 'PUT /author/notes/<id> {id, autosave_control (1 for a new note, +1 each save), title, content}',
      state: 'second-sourced',
      sources: ['Wd', 'M', 'S'],
    },
    { step: 'publish', fact: 'POST /author/notes/<id>/publicize {} makes the note public', state: 'sourced', sources: ['S'] },
    {
      step: 'publish',
      fact: 'the publicize answer: anything but {error: [...]} is taken as done',
      state: 'unverified',
      sources: [],
      note: 'no source records the answer; a slug in it is taken, else the note’s own',
    },
    { step: 'publish', fact: 'refusals answer {error: [{code, message}]}', state: 'sourced', sources: ['Wd'] },
    { step: 'upload', fact: 'POST /upload_images/fetch {url} → {url}: a copy of a picture by its address', state: 'sourced', sources: ['Wd'] },
    { step: 'read_back', fact: 'POST /author/notes/<id>/soft_destroy {} removes a note (after a site check)', state: 'sourced', sources: ['S'] },
    { step: 'verify', fact: 'GET /author/notebooks/<nb>/notes → [{id, title, slug, …}]', state: 'sourced', sources: ['Wd'] },
    {
      step: 'verify',
      fact: 'in that list, `shared` (public) and `content_updated_at` (Unix seconds)',
      state: 'unverified',
      sources: [],
      note: 'no source records these fields; a note counts only when shared is true and its time falls in the job’s window',
    },
    {
      step: 'apply_settings',
      fact: 'the cover: jianshu shows the article’s first picture; there is no cover field',
      state: 'second-sourced',
      sources: ['Wd', 'Wc', 'M', 'S'],
      note: 'Wf alone sends a cover field',
    },
    { step: 'apply_settings', fact: 'an AI-content declaration, tags, a summary', state: 'not-driven', sources: [], note: 'none recorded: not applied' },
  ],
});
