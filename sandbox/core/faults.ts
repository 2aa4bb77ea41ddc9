// Fault injection for tests of crashes: SANDBOX_FAULT names the points (comma-separated) where the process kills
// itself with SIGKILL, as a power cut or the OOM killer would, leaving the database as it is on disk at that moment.
// Unset in every normal run.

/** The places a fault can be injected. */
export type FaultPoint =
  /** inside the payment's transaction: the session is marked paid, what it bought is not granted yet */
  'between-paid-and-grant';

export const FAULT_ENV = 'SANDBOX_FAULT';

/** Dies here with SIGKILL when SANDBOX_FAULT names this point; nothing otherwise. */
export function faultPoint(point: FaultPoint): void {
  const named = (process.env[FAULT_ENV] ?? '').split(',').map((p) => p.trim());
  if (named.includes(point)) process.kill(process.pid, 'SIGKILL');
}
