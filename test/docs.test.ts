/**
 * The documentation a user gets is self-contained and speaks of the product:
 * - no tracked file mentions how the product was developed (work sessions,
 *   issue numbers, design notes and specs that are not in the repository);
 * - every relative link in README.md and docs/*.md points at a file inside the
 *   repository that exists, and every #anchor at a heading of that file;
 * - the README's test command is the one CI runs;
 * - the README's layout names every folder it lists as it is, and lists every
 *   top-level folder of the repository and of the packages' src/.
 * Pure and fast: reads files only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

/** Text files under version control (what a clone holds), minus generated lock data. */
function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => f !== '' && f !== SELF && f !== 'package-lock.json' && existsSync(join(ROOT, f)))
    .filter((f) => !/\.(png|jpe?g|gif|ico|woff2?|gz|tgz|zip|wasm|mp4)$/i.test(f));
}

interface Rule {
  name: string;
  pattern: RegExp;
  /** Only files this returns true for are checked (default: all). */
  applies?: (file: string) => boolean;
}

const isMarkdown = (f: string) => extname(f) === '.md';

/** Words that describe how the product was made rather than what it does. */
export const HISTORY_RULES: Rule[] = [
  { name: 'a numbered work session', pattern: /\bsessions?\s+\d+\b/i },
  { name: 'an earlier work session', pattern: /\b(?:earlier|previous|prior|later)\s+sessions?\b/i },
  // "this session" is a license session in code and messages; in prose documents it is history.
  { name: 'a work session named in a document', pattern: /\b(?:this|that|next)\s+session\b/i, applies: isMarkdown },
  { name: 'an issue number', pattern: /\bissues?\s+#?\d+\b/i },
  { name: 'a reference to an issue', pattern: /\(issue[\s:]/i },
  { name: 'the design notes', pattern: /\bDESIGN\b/ },
  { name: 'a spec outside the repository', pattern: /shared\/spec\b|\.\.\/shared\/(?:spec|DESIGN)/ },
  { name: 'a path outside the repository', pattern: /\.\.\/shared\//, applies: isMarkdown },
  { name: 'a comment citing the spec', pattern: /(?:\/\/|\/?\*+|#)\s*Spec\b|\(spec(?:;|:\s+(?!\{|\w+Spec\b)[^(){}]*\))|\bthe spec\b|\bspec's\b/i },
];

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Inline Markdown links and images outside code: [text](target). */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

function userDocuments(): string[] {
  const docs = existsSync(join(ROOT, 'docs')) ? readdirSync(join(ROOT, 'docs')).filter(isMarkdown).map((f) => `docs/${f}`) : [];
  return ['README.md', ...docs];
}

/** Problems with one document's links: missing files, files outside the repository, unknown anchors. */
export function linkProblems(file: string, markdown: string, root = ROOT): string[] {
  const problems: string[] = [];
  for (const target of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
    const [path = '', anchor] = target.split('#', 2);
    const resolved = path === '' ? join(root, file) : resolve(root, dirname(file), decodeURIComponent(path));
    if (resolved !== root && !resolved.startsWith(root + sep)) {
      problems.push(`${file}: ${target} points outside the repository`);
      continue;
    }
    if (!existsSync(resolved)) {
      problems.push(`${file}: ${target} does not exist`);
      continue;
    }
    const headings = () => anchorsOf(path === '' ? markdown : readFileSync(resolved, 'utf8'));
    if (anchor && statSync(resolved).isFile() && isMarkdown(resolved) && !headings().has(anchor)) {
      problems.push(`${file}: ${target} names no heading of ${relative(root, resolved)}`);
    }
  }
  return problems;
}

describe('product files speak of the product', () => {
  it('the rules catch what they are meant to catch', () => {
    const caught = (text: string, file = 'x.ts') => HISTORY_RULES.some((r) => (r.applies?.(file) ?? true) && r.pattern.test(text));
    // The history examples are assembled from parts, so that no line of this file reads as history itself.
    const work = 'session';
    const ticket = 'issue';
    for (const text of [
      `measured in ${work} 11`,
      `${work[0]!.toUpperCase()}${work.slice(1)} 9 took it from 0.37`,
      `figures from an earlier ${work}`,
      `${ticket[0]!.toUpperCase()}${ticket.slice(1)} 2's concurrency proof`,
      `the daemon (${ticket} 5)`,
      'see ../shared/spec/openapi-v1.md',
      '(DESIGN: Databases)',
      '// Spec: clients must test success',
      'rules (spec: Errors)',
      'the merge rules (spec: POST /publish/preflight) and',
    ]) {
      expect(caught(text), text).toBe(true);
    }
    expect(caught(`This ${work}, on the EPYC VM`, 'docs/performance.md')).toBe(true);
    // Product language that must stay allowed.
    for (const text of [
      "throw licenseError('TOKEN_EXPIRED', 'This session expired too long ago to renew')",
      'async function world(spec: { type: string })',
      'createUser(app, headers, spec: UserSpec = {})',
      'private async run(job: Running, spec: JobSpec): Promise<void> {',
      'spec:\n  replicas: 2',
      'porsager/postgres#1208; upstream fix PR #1209',
      "await media.openAll(mediaPaths(spec.contentType, spec.payload));",
      "if (issue.code === 'unrecognized_keys') {",
      '"references": [{ "path": "../shared" }]',
    ]) {
      expect(caught(text), text).toBe(false);
    }
  });

  it('no tracked file mentions development history or documents outside the repository', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const hits: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      if (text.includes('\0')) continue; // binary
      const lines = text.split('\n');
      for (const rule of HISTORY_RULES) {
        if (rule.applies && !rule.applies(file)) continue;
        lines.forEach((line, i) => {
          if (rule.pattern.test(line)) hits.push(`${file}:${i + 1}: ${rule.name}: ${line.trim().slice(0, 120)}`);
        });
      }
    }
    expect(hits, 'describe the product instead').toEqual([]);
  });
});

/**
 * The folders the README's Layout block names, as repository paths: a line at
 * the left margin names a top-level entry, an indented one a folder below the
 * last top-level entry (`  src/jobs/` under `edge-node/` is edge-node/src/jobs/).
 */
export function layoutFolders(readme: string): string[] {
  const block = /^## Layout\n+```\n([\s\S]*?)^```$/m.exec(readme)?.[1] ?? '';
  const folders: string[] = [];
  let top = '';
  for (const line of block.split('\n')) {
    const m = /^( *)(\S+\/)(?=\s|$)/.exec(line);
    if (!m) continue;
    if (m[1] === '') folders.push((top = m[2]!));
    else if (m[1]!.length === 2 && top) folders.push(top + m[2]!);
  }
  return folders;
}

/** Folders a newcomer looks for: the repository's top level, and each package's src/ top level. */
function foldersToList(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  const top = new Set<string>();
  const src = new Set<string>();
  for (const f of tracked) {
    const parts = f.split('/');
    if (parts.length > 1 && !parts[0]!.startsWith('.')) top.add(`${parts[0]}/`);
    if (parts.length > 3 && (parts[0] === 'control-plane' || parts[0] === 'edge-node') && parts[1] === 'src') src.add(`${parts[0]}/src/${parts[2]}/`);
  }
  return [...top, ...src].filter((d) => existsSync(join(ROOT, d))).sort();
}

describe('user documentation', () => {
  it('the link checker finds missing files, escapes and unknown anchors', () => {
    const text = '# Title\n\n## Rate limits and caches\n\n[a](README.md) [b](nowhere.md) [c](../shared/DESIGN.md) [d](#rate-limits-and-caches) [e](#nope) [f](https://example.com/x.md)\n\n```\n[g](inside-code.md)\n```';
    expect(linkProblems('README.md', text).sort()).toEqual([
      'README.md: #nope names no heading of README.md',
      'README.md: ../shared/DESIGN.md points outside the repository',
      'README.md: nowhere.md does not exist',
    ]);
  });

  it('the README links to every document under docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const docs = userDocuments().filter((f) => f.startsWith('docs/'));
    expect(docs).toEqual(expect.arrayContaining(['docs/integrators.md', 'docs/operators.md', 'docs/admins.md', 'docs/license-clients.md', 'docs/architecture.md', 'docs/platforms.md', 'docs/performance.md']));
    for (const doc of docs) expect(linksOf(readme), doc).toContain(doc);
  });

  it.each(userDocuments())('every relative link in %s resolves inside the repository', (file) => {
    expect(linkProblems(file, readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it("the README's layout lists every folder a newcomer looks for, each as it is", () => {
    const listed = layoutFolders(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(listed.filter((d) => !existsSync(join(ROOT, d)) || !statSync(join(ROOT, d)).isDirectory())).toEqual([]);
    // A folder is listed by its own line or a line for a folder inside it (src/executors/web/).
    expect(foldersToList().filter((d) => !listed.some((l) => l.startsWith(d)))).toEqual([]);
  });

  it('the layout reader names nested folders below their top-level entry', () => {
    const readme = '## Layout\n\n```\nedge-node/   the node\n  src/jobs/  jobs\n             more text/ here\n.ci/run      CI\n```\n';
    expect(layoutFolders(readme)).toEqual(['edge-node/', 'edge-node/src/jobs/']);
  });

  it("the README's test command is the one CI runs", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const command = /^(TEST_DATABASE_URL=\S+ npm test)\b/m.exec(readme)?.[1];
    expect(command, 'README quick start has a TEST_DATABASE_URL=… npm test line').toBeDefined();
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    expect(ci.split('\n').map((l) => l.trim())).toContain(command);
  });
});
