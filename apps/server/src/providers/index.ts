import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { AliyunSmsProvider } from './sms/aliyun.ts';
import type { SmsProvider } from './sms/port.ts';
import { SandboxSmsProvider } from './sms/sandbox.ts';

export type Providers = { sms: SmsProvider };

/** Chosen by config: sandbox providers work offline; real adapters need their secrets (checked in config). */
export function createProviders(config: Config, clock: () => number, log: FastifyBaseLogger): Providers {
  const sms =
    config.sms.provider === 'aliyun'
      ? new AliyunSmsProvider(config.sms)
      : new SandboxSmsProvider(clock, log.child({ provider: 'sms' }));
  return { sms };
}
