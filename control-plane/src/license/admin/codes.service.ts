/** Activation codes in the back office: bulk generation, the filtered list, disabling one. */
import type { Db } from '../../db/client.js';
import { adminError } from '../../admin/admin.errors.js';
import { generateCodes } from './codes.js';
import { type CodeListRow, type CodeState, codesRepository as repo } from './codes.repository.js';
import { requireProjectId } from './projects.service.js';
import { iso, limitOffset, type Page } from '../../admin/query.js';

export const MAX_CODES_PER_CALL = 100_000;

export interface GenerateCodesInput {
  projectKey: string;
  licenseMode: 'TIME' | 'COUNT';
  quantity: number;
  expiresAt?: string | undefined;
  remainingCount?: number | undefined;
}

export interface CodeListQuery extends Page {
  projectKey?: string | undefined;
  licenseMode?: 'TIME' | 'COUNT' | undefined;
  state?: CodeState | undefined;
  keyword?: string | undefined;
}

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
    createdAt: c.createdAt.toISOString(),
  };
}

export class CodesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
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
    const created: string[] = [];
    // 100 random bits make collisions vanishingly rare; the loop makes "quantity" exact anyway.
    for (let attempt = 0; created.length < input.quantity && attempt < 5; attempt++) {
      const batch = await repo.insertCodes(this.db, {
        projectId,
        codes: generateCodes(input.quantity - created.length),
        licenseMode: input.licenseMode,
        remainingCount,
        expiresAt,
      });
      created.push(...batch);
    }
    const expiresAtText = iso(expiresAt);
    return created.map((code) => ({ code, projectKey: input.projectKey, licenseMode: input.licenseMode, remainingCount, expiresAt: expiresAtText }));
  }

  async list(q: CodeListQuery) {
    const projectId = q.projectKey === undefined ? undefined : await requireProjectId(this.db, q.projectKey);
    const { rows, total } = await repo.list(this.db, {
      projectId,
      licenseMode: q.licenseMode,
      state: q.state,
      keyword: q.keyword,
      now: this.now(),
      ...limitOffset(q),
    });
    return { items: rows.map(codeView), total };
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
