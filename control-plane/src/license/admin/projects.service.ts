/**
 * Projects in the back office: create, list, read, update (name, description,
 * enabled flag, policy) and offline-key rotation. A rotation makes a new key
 * active at once and keeps the old public key listed until the last snapshot
 * it signed has expired (now + the project's offline snapshot lifetime).
 */
import type { Db } from '../../db/client.js';
import type { ProjectPolicy } from '../license.schema.js';
import { insertProjectKey } from '../offline-keys.js';
import { effectivePolicy } from '../policy.js';
import { adminError } from '../../http/admin-errors.js';
import { type ProjectKeyRow, type ProjectRow, projectsRepository as repo } from './projects.repository.js';
import { iso, limitOffset, type Page } from '../../http/admin-query.js';

export interface CreateProjectInput {
  projectKey: string;
  name: string;
  description?: string | undefined;
  enabled?: boolean | undefined;
  policy?: ProjectPolicy | undefined;
}

/** `null` for a policy field removes the project's override (the default applies again). */
export type PolicyPatch = { [K in keyof ProjectPolicy]?: number | null | undefined };

export interface UpdateProjectInput {
  name?: string | undefined;
  description?: string | undefined;
  enabled?: boolean | undefined;
  policy?: PolicyPatch | undefined;
}

const keyView = (k: ProjectKeyRow) => ({
  kid: k.kid,
  publicKey: k.publicKey,
  status: k.status,
  createdAt: k.createdAt.toISOString(),
  retiredAt: iso(k.retiredAt),
  verifyUntil: iso(k.verifyUntil),
});

function projectView(p: ProjectRow, active: { kid: string | null; publicKey: string | null }) {
  return {
    projectKey: p.projectKey,
    name: p.name,
    description: p.description,
    enabled: p.enabled,
    policy: { ...p.policy } as Record<string, number>,
    effectivePolicy: effectivePolicy(p.policy),
    offlinePublicKey: active.publicKey,
    offlineKeyId: active.kid,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Resolves a projectKey to its id, or the admin API's 404. Every resource uses it. */
export async function requireProjectId(db: Db, projectKey: string): Promise<number> {
  const id = await repo.idByKey(db, projectKey);
  if (id === null) throw adminError('PROJECT_NOT_FOUND', `Unknown projectKey ${projectKey}`);
  return id;
}

export class ProjectsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async detail(db: Db, p: ProjectRow) {
    const keys = await repo.liveKeys(db, p.id, this.now());
    const active = keys.find((k) => k.status === 'active');
    return { ...projectView(p, { kid: active?.kid ?? null, publicKey: active?.publicKey ?? null }), keys: keys.map(keyView) };
  }

  private async require(projectKey: string): Promise<ProjectRow> {
    const project = await repo.byKey(this.db, projectKey);
    if (!project) throw adminError('PROJECT_NOT_FOUND', `Unknown projectKey ${projectKey}`);
    return project;
  }

  async create(input: CreateProjectInput) {
    return this.db.transaction(async (tx) => {
      const project = await repo.insert(tx, {
        projectKey: input.projectKey,
        name: input.name,
        description: input.description ?? '',
        enabled: input.enabled ?? true,
        policy: input.policy ?? {},
      });
      if (!project) throw adminError('PROJECT_EXISTS', `Project ${input.projectKey} already exists`);
      await insertProjectKey(tx, project.id);
      return this.detail(tx, project);
    });
  }

  async list(q: Page & { keyword?: string | undefined; enabled?: boolean | undefined }) {
    const { rows, total } = await repo.list(this.db, { keyword: q.keyword, enabled: q.enabled, ...limitOffset(q) });
    return { items: rows.map((r) => projectView(r, r)), total };
  }

  async get(projectKey: string) {
    return this.detail(this.db, await this.require(projectKey));
  }

  async update(projectKey: string, input: UpdateProjectInput) {
    const current = await this.require(projectKey);
    return this.db.transaction(async (tx) => {
      const locked = (await repo.lockById(tx, current.id))!;
      const patch: Partial<ProjectRow> = { updatedAt: this.now() };
      if (input.name !== undefined) patch.name = input.name;
      if (input.description !== undefined) patch.description = input.description;
      if (input.enabled !== undefined) patch.enabled = input.enabled;
      if (input.policy !== undefined) {
        const policy: Record<string, number> = { ...locked.policy };
        for (const [field, value] of Object.entries(input.policy)) {
          if (value === null) delete policy[field];
          else if (value !== undefined) policy[field] = value;
        }
        patch.policy = policy as ProjectPolicy;
      }
      return this.detail(tx, await repo.update(tx, current.id, patch));
    });
  }

  async rotateKey(projectKey: string) {
    const current = await this.require(projectKey);
    return this.db.transaction(async (tx) => {
      const locked = (await repo.lockById(tx, current.id))!;
      const now = this.now();
      // Snapshots live at most offlineTtlSeconds, so after that no client holds one the old key signed.
      const verifyUntil = new Date(now.getTime() + effectivePolicy(locked.policy).offlineTtlSeconds * 1000);
      const retiredKid = await repo.retireActiveKey(tx, locked.id, now, verifyUntil);
      const fresh = await insertProjectKey(tx, locked.id);
      const updated = await repo.update(tx, locked.id, { updatedAt: now });
      return { project: await this.detail(tx, updated), activeKeyId: fresh.kid, retiredKeyId: retiredKid, retiredVerifyUntil: retiredKid ? verifyUntil.toISOString() : null };
    });
  }
}
