/**
 * The QR status poll of the ByteDance passport that douyin's and toutiao's login pages share
 * (`…/check_qrconnect/`): its answer's `data.status` says a phone scanned the QR and the person has
 * not confirmed yet. The sources record the status both as words (`new`, `scanned`, `confirmed`,
 * `expired`) and as numbers (1 waiting, 2 scanned, 3 confirmed, 4 refused, 5 expired), and one of
 * them saw `2` with a `redirect_url` once confirmed: every recorded form is read, and a `2` that
 * carries a redirect is the login, not the scan (adapters' provenance, `login` facts).
 */
import { field } from './page-api.js';

export function checkQrconnectScanned(body: unknown): boolean {
  const status = field(body, 'data', 'status');
  const redirect = field(body, 'data', 'redirect_url');
  if (typeof redirect === 'string' && redirect !== '') return false;
  return status === 'scanned' || status === '2' || status === 2;
}
