/**
 * sd_notify for `Type=notify` units (plume-edge and plume-control-plane):
 * READY=1 once serving, WATCHDOG=1 while the process's own health is good (never gated on the control plane: a network
 * outage must not get a healthy daemon killed), STOPPING=1 at SIGTERM.
 *
 * Node.js cannot create AF_UNIX datagram sockets, and systemd (NotifyAccess=
 * main, the default) accepts messages only from the main PID. So the unit
 * starts the process through systemd/plume-sd-notify-exec: a few lines of
 * perl (perl-base is Essential on Debian) that connect a datagram socket to
 * $NOTIFY_SOCKET, leave it open on fd 3 and exec node. The PID stays the
 * same; the daemon writes each message to that descriptor with write(2),
 * so every datagram comes from the main PID.
 *
 * Without the wrapper (PLUME_NOTIFY_FD unset) it falls back to running
 * `systemd-notify`, whose datagrams come from a child: that needs
 * NotifyAccess=all in the unit.
 */
import { spawnSync } from 'node:child_process';
import { writeSync } from 'node:fs';

/** The two logger methods the notifier uses (pino's Logger fits). */
export interface NotifyLog {
  warn(obj: object, msg?: string): void;
  error(msg: string): void;
}

export interface NotifyConfig {
  socket: string | undefined;
  fd: number | undefined;
  watchdogUsec: number | undefined;
  watchdogPid: number | undefined;
}

export class SystemdNotifier {
  private watchdogTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly c: NotifyConfig,
    private readonly log: NotifyLog,
  ) {}

  get enabled(): boolean {
    return this.c.fd !== undefined || Boolean(this.c.socket);
  }

  /** systemd asks for a ping at least every WATCHDOG_USEC; we ping at half that. */
  get watchdogIntervalMs(): number | null {
    if (!this.c.watchdogUsec) return null;
    if (this.c.watchdogPid !== undefined && this.c.watchdogPid !== process.pid) return null;
    return Math.max(100, Math.floor(this.c.watchdogUsec / 2000));
  }

  ready(status = 'serving'): void {
    this.send(`READY=1\nSTATUS=${status}\nMAINPID=${process.pid}`);
  }

  stopping(status = 'draining'): void {
    this.stopWatchdog();
    this.send(`STOPPING=1\nSTATUS=${status}`);
  }

  status(text: string): void {
    this.send(`STATUS=${text}`);
  }

  /** Pings while `healthy()` says so; a failing check simply stops the pings (systemd then restarts us). */
  startWatchdog(healthy: () => boolean): void {
    const every = this.watchdogIntervalMs;
    if (!every || this.watchdogTimer) return;
    const tick = () => {
      if (healthy()) this.send('WATCHDOG=1');
      else this.log.error('local health check failed; withholding the watchdog ping');
    };
    tick();
    this.watchdogTimer = setInterval(tick, every);
    this.watchdogTimer.unref();
  }

  stopWatchdog(): void {
    if (this.watchdogTimer) clearInterval(this.watchdogTimer);
    this.watchdogTimer = null;
  }

  private send(message: string): void {
    if (this.c.fd !== undefined) {
      try {
        writeSync(this.c.fd, Buffer.from(message));
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'sd_notify write failed');
      }
      return;
    }
    if (!this.c.socket) return;
    const run = spawnSync('systemd-notify', [`--pid=${process.pid}`, ...message.split('\n').filter((l) => !l.startsWith('MAINPID='))], {
      env: { ...process.env, NOTIFY_SOCKET: this.c.socket },
      timeout: 5000,
    });
    if (run.status !== 0) this.log.warn({ status: run.status, stderr: run.stderr?.toString() }, 'systemd-notify failed');
  }
}
