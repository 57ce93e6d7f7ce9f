/**
 * Activation codes in the back office: bulk generation, the filtered list, its
 * CSV export, disabling one. The export is pulled: the next batch is read only
 * when the response has drained the previous one.
 */
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { adminError } from '../../http/admin-errors.js';
import { csvRow } from '../../http/csv.js';
import { generateCodes } from './codes.js';
import { type CodeFilter, type CodeListRow, type CodeState, codesRepository as repo } from './codes.repository.js';
import { requireProjectId } from './projects.service.js';
import { missingUserIds } from '../../integrators/admin-lookups.repository.js';
import { iso, limitOffset, type Page } from '../../http/admin-query.js';

export const MAX_CODES_PER_CALL = 100_000;

export interface GenerateCodesInput {
  projectKey: string;
  licenseMode: 'TIME' | 'COUNT';
  quantity: number;
  expiresAt?: string | undefined;
  remainingCount?: number | undefined;
  /** The integrator user the enrolled device serves as a desktop executor; absent: a pure license. */
  userId?: number | undefined;
}

export interface CodeFilterQuery {
  projectKey?: string | undefined;
  licenseMode?: 'TIME' | 'COUNT' | undefined;
  state?: CodeState | undefined;
  keyword?: string | undefined;
}

export interface CodeListQuery extends CodeFilterQuery, Page {}

export const CODE_EXPORT_COLUMNS = [
  'code',
  'projectKey',
  'licenseMode',
  'state',
  'remainingCount',
  'expiresAt',
  'activatedAt',
  'disabledAt',
  'deviceId',
  'machineId',
  'createdAt',
] as const;

/** Codes per export batch: about 1.5 MB of CSV, enough to amortize a query. */
const EXPORT_BATCH = 10_000;

function codeView(c: CodeListRow) {
  return {
    code: c.code,
    projectKey: c.projectKey,
    licenseMode: c.licenseMode,
    state: c.state,
    valid: c.state === 'unused' || c.state === 'active',
    remainingCount: c.licenseMode === 'COUNT' ? c.remainingCount : null,
    expiresAt: iso(c.expiresAt),
    isActivated: c.deviceId !== null,
    activatedAt: iso(c.activatedAt),
    disabledAt: iso(c.disabledAt),
    device:
      c.deviceId === null
        ? null
        : { deviceId: c.deviceId, machineId: c.machineId!, appVersion: c.appVersion!, revoked: c.deviceRevokedAt !== null },
    userId: c.userId,
    nodeId: c.nodeId,
    createdAt: c.createdAt.toISOString(),
  };
}

export class CodesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly exportBatch = EXPORT_BATCH,
  ) {}

  async generate(input: GenerateCodesInput) {
    const projectId = await requireProjectId(this.db, input.projectKey);
    let expiresAt: Date | null = null;
    let remainingCount: number | null = null;
    if (input.licenseMode === 'TIME') {
      if (!input.expiresAt) throw adminError('INVALID_REQUEST', 'TIME codes need expiresAt (ISO 8601)');
      expiresAt = new Date(input.expiresAt);
      if (expiresAt <= this.now()) throw adminError('INVALID_REQUEST', 'expiresAt must be in the future');
      if (input.remainingCount !== undefined) throw adminError('INVALID_REQUEST', 'remainingCount applies to COUNT codes only');
    } else {
      if (input.remainingCount === undefined) throw adminError('INVALID_REQUEST', 'COUNT codes need remainingCount (at least 1)');
      if (input.expiresAt !== undefined) throw adminError('INVALID_REQUEST', 'expiresAt applies to TIME codes only');
      remainingCount = input.remainingCount;
    }
    const userId = input.userId ?? null;
    if (userId !== null && (await missingUserIds(this.db, [userId])).length > 0) {
      throw adminError('USER_NOT_FOUND', `No user ${userId}: a code serves an existing integrator user`);
    }
    const created: string[] = [];
    // 100 random bits make collisions vanishingly rare; the loop makes "quantity" exact anyway.
    for (let attempt = 0; created.length < input.quantity && attempt < 5; attempt++) {
      const batch = await repo.insertCodes(this.db, {
        projectId,
        codes: generateCodes(input.quantity - created.length),
        licenseMode: input.licenseMode,
        remainingCount,
        expiresAt,
        userId,
      });
      created.push(...batch);
    }
    const expiresAtText = iso(expiresAt);
    return created.map((code) => ({ code, projectKey: input.projectKey, licenseMode: input.licenseMode, remainingCount, expiresAt: expiresAtText, userId }));
  }

  /** Resolves the project (unknown → 404) before anything is sent; states are judged at this instant. */
  async filter(q: CodeFilterQuery): Promise<CodeFilter> {
    const projectId = q.projectKey === undefined ? undefined : await requireProjectId(this.db, q.projectKey);
    return { projectId, licenseMode: q.licenseMode, state: q.state, keyword: q.keyword, now: this.now() };
  }

  async list(q: CodeListQuery) {
    const { rows, total } = await repo.list(this.db, { ...(await this.filter(q)), ...limitOffset(q) });
    return { items: rows.map(codeView), total };
  }

  /** The CSV document of a resolved filter: a header line, then one line per code, oldest first. */
  exportCsv(f: CodeFilter): Readable {
    const { db, exportBatch } = this;
    async function* chunks(): AsyncGenerator<string> {
      yield csvRow(CODE_EXPORT_COLUMNS);
      for (let after = 0; ; ) {
        const batch = await repo.exportBatch(db, f, after, exportBatch);
        if (batch.length > 0) {
          yield batch
            .map((c) =>
              csvRow([
                c.code,
                c.projectKey,
                c.licenseMode,
                c.state,
                c.licenseMode === 'COUNT' ? c.remainingCount : null,
                iso(c.expiresAt),
                iso(c.activatedAt),
                iso(c.disabledAt),
                c.deviceId,
                c.machineId,
                c.createdAt.toISOString(),
              ]),
            )
            .join('');
        }
        if (batch.length < exportBatch) return;
        after = batch[batch.length - 1]!.id;
      }
    }
    // Byte mode with a small high-water mark: one batch in flight, never a queue of them.
    return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
  }

  async disable(projectKey: string, code: string) {
    const projectId = await requireProjectId(this.db, projectKey);
    const now = this.now();
    const result = await repo.disable(this.db, projectId, code, now);
    if (!result.found) throw adminError('CODE_NOT_FOUND', `No code ${code} in project ${projectKey}`);
    const row = (await repo.byCode(this.db, projectId, code, now))!;
    return { code: codeView(row), alreadyDisabled: result.alreadyDisabled };
  }
}
