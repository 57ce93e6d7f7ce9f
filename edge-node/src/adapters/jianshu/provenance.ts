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
    { id: 'J1', ref: 'a public blog tool’s jianshu API module in the code index (file 1339360036; no repository named): notebooks, notes, publicize, the note list, soft_destroy', snapshot: '2026-11-29' },
    { id: 'J2', ref: 'a public jianshu publishing script in the code index (file 4037898527; no repository named): create, save, publicize and its answer', snapshot: '2026-11-29' },
    { id: 'J3', ref: 'a public browser-extension editor in the code index posting to jianshu (file 23521963585; no repository named)', snapshot: '2026-11-29' },
    { id: 'J4', ref: 'a public jianshu export script in the code index (file 10977492208; no repository named): notebooks, their notes, shared, content_updated_at', snapshot: '2026-11-29' },
    { id: 'PN', ref: 'a public Wechatsync-style jianshu adapter in the code index choosing its editor by preferred_note_type (file 58539868404; no repository named)', snapshot: '2026-11-29' },
    { id: 'JC', ref: 'a public Wechatsync-style jianshu adapter in the code index sending X-CSRF-Token on the note save (file 55008532689; no repository named)', snapshot: '2026-11-29' },
    { id: 'K1', ref: 'a public jianshu adapter in the code index taking a failed basic.json as logged out (file 66782857417; no repository named)', snapshot: '2026-11-29' },
    { id: 'C1', ref: 'a public login-page table in the code index: jianshu’s sign_in and its logged-in cookies (file 70939114739; no repository named)', snapshot: '2026-11-29' },
    { id: 'C2', ref: 'a public Go publisher’s jianshu settings in the code index: sign_in and the cookie remember_user_token (file 29306687893; no repository named)', snapshot: '2026-11-29' },
  ],
  facts: [
    { step: 'open_editor', fact: 'the writer https://www.jianshu.com/writer; a note at /writer#/notebooks/<nb>/notes/<id>', state: 'second-sourced', sources: ['M', 'Wd', 'S'] },
    { step: 'read_back', fact: 'a public article at https://www.jianshu.com/p/<slug>', state: 'second-sourced', sources: ['M', 'Wd', 'S'] },
    {
      step: 'check_login',
      fact: 'GET /settings/basic.json → data {nickname, avatar}; the account id is the number in the avatar path /users/upload_avatars/<id>/',
      state: 'second-sourced',
      sources: ['Wd', 'Wc'],
      note: 'S takes the avatar’s file name as the id instead; the path’s number is taken here, the nickname when the avatar has none',
    },
    { step: 'fill', fact: 'data.preferred_note_type markdown (else rich text) decides the body’s format', state: 'second-sourced', sources: ['Wf', 'PN'] },
    {
      step: 'check_login',
      fact: 'without a session the writer goes to /sign_in and API calls answer 401',
      state: 'tolerant',
      sources: ['K1', 'JC', 'C1'],
      note: 'K1 takes a basic.json that is not OK, or names no nickname, as logged out; JC records a call without its token sent on to sign_in; C1 logs in at https://www.jianshu.com/sign_in. Each is no session here: HTTP 401 or 403, a call sent on to a page, basic.json without a nickname, and /sign_in as a second sign',
    },
    {
      step: 'login',
      fact: 'the session cookie remember_user_token, set by the login at https://www.jianshu.com/sign_in',
      state: 'second-sourced',
      sources: ['C1', 'C2'],
      note: 'C1 also names _jianshu_session; the login check reads basic.json, not a cookie',
    },
    {
      step: 'fill',
      fact: 'a note save carries the page’s X-CSRF-Token cookie as a header, else it is sent on to sign_in (404)',
      state: 'tolerant',
      sources: ['JC'],
      note: 'only JC records it (Wd, M and S send no such header): every write carries the header when the cookie is there, none when it is not; the replica serves both forms',
    },
    { step: 'apply_settings', fact: 'GET /author/notebooks → [{id, name}]', state: 'second-sourced', sources: ['Wd', 'Wc', 'S'] },
    { step: 'fill', fact: 'POST /author/notes {notebook_id, title, at_bottom false} → {id, slug}', state: 'second-sourced', sources: ['Wd', 'M', 'S'] },
    {
      step: 'fill',
      fact: 'PUT /author/notes/<id> {id, autosave_control (1 for a new note, +1 each save), title, content}',
      state: 'second-sourced',
      sources: ['Wd', 'M', 'S'],
    },
    { step: 'publish', fact: 'POST /author/notes/<id>/publicize {} makes the note public', state: 'second-sourced', sources: ['S', 'J1', 'J2', 'J3'] },
    {
      step: 'publish',
      fact: 'the publicize answer: anything but {error: [...]} is taken as done',
      state: 'second-sourced',
      sources: ['J1', 'J2'],
      note: 'J2 refuses on error[0] {code, message} and takes anything else as published; J1 reads the refusal from an HTTP error’s body. Here a 4xx or an error list refuses, a 5xx is unknown; the slug is the answer’s when it names one, else the note’s own (recorded at creation)',
    },
    { step: 'publish', fact: 'refusals answer {error: [{code, message}]}', state: 'second-sourced', sources: ['Wd', 'J2'] },
    { step: 'upload', fact: 'POST /upload_images/fetch {url} → {url}: a copy of a picture by its address', state: 'sourced', sources: ['Wd'] },
    { step: 'read_back', fact: 'POST /author/notes/<id>/soft_destroy {} removes a note (after a site check)', state: 'second-sourced', sources: ['S', 'J1'] },
    { step: 'verify', fact: 'GET /author/notebooks/<nb>/notes → [{id, title, slug, …}]', state: 'second-sourced', sources: ['Wd', 'J1', 'J4'] },
    {
      step: 'verify',
      fact: 'in that list, `shared` (public) and `content_updated_at` (Unix seconds)',
      state: 'sourced',
      sources: ['J4'],
      note: 'J4 keeps the shared notes and reads content_updated_at as Unix seconds; a note counts only when shared is true and its time falls in the job’s window',
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
