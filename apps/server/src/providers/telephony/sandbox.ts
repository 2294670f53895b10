import { createHash } from 'node:crypto';
import {
  type AxbBinding,
  type BindAxbInput,
  formatBeijingTime,
  type SecretReport,
  type TelephonyProvider,
} from './port.ts';

export type SandboxCallEvent =
  | { kind: 'bind'; orderId: string; binding: AxbBinding; at: number }
  | { kind: 'unbind'; binding: AxbBinding; at: number };

/**
 * Offline privacy numbers: a binding gives a made-up X number (171 0000 xxxx, never either real
 * number). Calls are driven by the lawyer's workbench (connect / hang up) or the autopilot; the
 * sandbox then builds the same SecretReport records the vendor pushes, and the caller posts them
 * to our own callback path, so the real callback code runs.
 */
export class SandboxTelephonyProvider implements TelephonyProvider {
  readonly name = 'sandbox';
  readonly isSandbox = true;
  /** What happened, for tests and the dev pages (newest last, capped). */
  readonly events: SandboxCallEvent[] = [];

  constructor(private readonly clock: () => number) {}

  async bindAxb(input: BindAxbInput): Promise<AxbBinding> {
    const digest = createHash('sha256').update(`${input.orderId}:${input.phoneA}:${input.phoneB}`).digest();
    let secretNo = `1710000${String(digest.readUInt32BE(0) % 10_000).padStart(4, '0')}`;
    if (secretNo === input.phoneA || secretNo === input.phoneB) secretNo = '17100009999';
    const binding = { subsId: `SBX${input.orderId}`, secretNo };
    this.push({ kind: 'bind', orderId: input.orderId, binding, at: this.clock() });
    return binding;
  }

  async unbind(binding: AxbBinding): Promise<void> {
    this.push({ kind: 'unbind', binding, at: this.clock() });
  }

  /** The call-status push when the call is answered (no release_time). */
  answeredReport(input: {
    orderId: string;
    binding: AxbBinding;
    callId: string;
    answeredAt: number;
  }): SecretReport {
    return {
      call_id: input.callId,
      sub_id: input.binding.subsId,
      out_id: input.orderId,
      secret_no: input.binding.secretNo,
      call_time: formatBeijingTime(input.answeredAt),
      start_time: formatBeijingTime(input.answeredAt),
    };
  }

  /** The call record (SecretReport) of a finished call; answeredAt null = not connected. */
  finalReport(input: {
    orderId: string;
    binding: AxbBinding;
    callId: string;
    answeredAt: number | null;
    releasedAt: number;
  }): SecretReport {
    const start = input.answeredAt ?? input.releasedAt;
    return {
      call_id: input.callId,
      sub_id: input.binding.subsId,
      out_id: input.orderId,
      secret_no: input.binding.secretNo,
      call_time: formatBeijingTime(start),
      start_time: formatBeijingTime(start),
      release_time: formatBeijingTime(input.releasedAt),
      release_cause: input.answeredAt === null ? '2' : '16',
    };
  }

  private push(event: SandboxCallEvent): void {
    this.events.push(event);
    if (this.events.length > 500) this.events.splice(0, this.events.length - 500);
  }
}
