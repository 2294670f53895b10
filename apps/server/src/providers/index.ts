import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { Kuaidi100CourierProvider } from './courier/kuaidi100.ts';
import type { CourierProvider } from './courier/port.ts';
import { SandboxCourierProvider } from './courier/sandbox.ts';
import type { MailProvider } from './mail/port.ts';
import { SandboxMailProvider } from './mail/sandbox.ts';
import { SmtpMailProvider } from './mail/smtp.ts';
import { AliyunSmsProvider } from './sms/aliyun.ts';
import type { SmsProvider } from './sms/port.ts';
import { SandboxSmsProvider } from './sms/sandbox.ts';
import { AliyunTelephonyProvider } from './telephony/aliyun.ts';
import type { TelephonyProvider } from './telephony/port.ts';
import { SandboxTelephonyProvider } from './telephony/sandbox.ts';
import { OfficialWeChatProvider } from './wechat/official.ts';
import type { WeChatProvider } from './wechat/port.ts';
import { SandboxWeChatProvider } from './wechat/sandbox.ts';

export type Providers = {
  sms: SmsProvider;
  wechat: WeChatProvider;
  telephony: TelephonyProvider;
  /** Express delivery of lawyer letters (issue 14). */
  courier: CourierProvider;
  /** Outgoing e-mail over SMTP: contract template exports (issue 15). */
  mail: MailProvider;
};

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
  const telephony =
    config.calls.telephony.provider === 'aliyun'
      ? new AliyunTelephonyProvider(config.calls.telephony)
      : new SandboxTelephonyProvider(clock);
  const courier =
    config.courier.provider === 'kuaidi100'
      ? new Kuaidi100CourierProvider(config.courier)
      : new SandboxCourierProvider(clock, { speed: config.courier.speed });
  const mail =
    config.mail.provider === 'smtp'
      ? new SmtpMailProvider(config.mail)
      : new SandboxMailProvider(clock, config.mail.from);
  return { sms, wechat, telephony, courier, mail };
}
