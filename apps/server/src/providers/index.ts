import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { AliyunSmsProvider } from './sms/aliyun.ts';
import type { SmsProvider } from './sms/port.ts';
import { SandboxSmsProvider } from './sms/sandbox.ts';
import { OfficialWeChatProvider } from './wechat/official.ts';
import type { WeChatProvider } from './wechat/port.ts';
import { SandboxWeChatProvider } from './wechat/sandbox.ts';

export type Providers = { sms: SmsProvider; wechat: WeChatProvider };

/** Chosen by config: sandbox providers work offline; real adapters need their secrets (checked in config). */
export function createProviders(config: Config, clock: () => number, log: FastifyBaseLogger): Providers {
  const sms =
    config.sms.provider === 'aliyun'
      ? new AliyunSmsProvider(config.sms)
      : new SandboxSmsProvider(clock, log.child({ provider: 'sms' }));
  const wechat =
    config.wechat.provider === 'real'
      ? new OfficialWeChatProvider({ appId: config.wechat.appId, appSecret: config.wechat.appSecret })
      : new SandboxWeChatProvider(config.wechat.appId);
  return { sms, wechat };
}
