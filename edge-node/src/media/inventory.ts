/**
 * The video tree's inventory: chokidar watches PLUME_EDGE_VIDEO_DIR and the
 * daemon reports what is there (path, size, mtime) so the control plane can
 * tell an integrator a file is missing before a job fails on it. Reports are
 * debounced (a copy in progress fires many events) and capped
 * (INVENTORY_MAX_FILES; beyond that the report says `truncated`). Symlinks
 * are not followed: the inventory shows the tree, the sandbox decides use.
 */
import { INVENTORY_MAX_FILES } from '@plume/shared';
import { type FSWatcher, watch } from 'chokidar';
import { EDGE_TIMERS } from '../timers.js';

export interface InventoryFile {
  path: string;
  size: number;
  mtime: number;
}

export interface InventoryOptions {
  videoDir: string;
  onReport: (files: InventoryFile[], truncated: boolean) => void;
  /** Default: EDGE_TIMERS.inventoryDebounceMs. */
  debounceMs?: number;
  maxFiles?: number;
  /** Why: users keep videos at <userId>/<project>/<file>; deeper trees are not ours to index. */
  depth?: number;
}

export class Inventory {
  private watcher: FSWatcher | null = null;
  private readonly files = new Map<string, InventoryFile>();
  private timer: NodeJS.Timeout | null = null;
  private ready = false;

  constructor(private readonly o: InventoryOptions) {}

  async start(): Promise<void> {
    if (this.watcher) return;
    const watcher = watch(this.o.videoDir, {
      alwaysStat: true,
      followSymlinks: false,
      depth: this.o.depth ?? 4,
      ignored: (path) => /(^|\/)\.[^/]/.test(path.slice(this.o.videoDir.length)),
      ignorePermissionErrors: true,
    });
    this.watcher = watcher;
    const put = (path: string, stats?: { size: number; mtimeMs: number; isFile(): boolean }) => {
      if (stats && !stats.isFile()) return;
      this.files.set(path, { path, size: stats?.size ?? 0, mtime: Math.floor(stats?.mtimeMs ?? 0) });
      this.schedule();
    };
    watcher.on('add', put);
    watcher.on('change', put);
    watcher.on('unlink', (path) => {
      this.files.delete(path);
      this.schedule();
    });
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    this.ready = true;
    this.schedule();
  }

  /** The current report (also what a fresh connection gets). */
  snapshot(): { files: InventoryFile[]; truncated: boolean } {
    const max = this.o.maxFiles ?? INVENTORY_MAX_FILES;
    const all = [...this.files.values()].sort((a, b) => a.path.localeCompare(b.path));
    return { files: all.slice(0, max), truncated: all.length > max };
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close();
  }

  private schedule(): void {
    if (!this.ready || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const { files, truncated } = this.snapshot();
      this.o.onReport(files, truncated);
    }, this.o.debounceMs ?? EDGE_TIMERS.inventoryDebounceMs);
    this.timer.unref();
  }
}
