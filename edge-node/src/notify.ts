/** The edge daemon's sd_notify: the shared implementation (the control plane uses it too). */
export { type NotifyConfig, SystemdNotifier } from '@plume/shared';
