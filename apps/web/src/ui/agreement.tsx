import Popup from 'antd-mobile/es/components/popup';
import { CloseOutline } from 'antd-mobile-icons';
import forms from './forms.module.css';
import styles from './login-popup.module.css';
import { useBackCloses } from './use-back-closes.ts';

export type AgreementKind = 'terms' | 'privacy';

const titles: Record<AgreementKind, string> = { terms: '用户协议', privacy: '隐私政策' };

const sections: Record<AgreementKind, ReadonlyArray<readonly [string, string]>> = {
  terms: [
    [
      '一、服务内容',
      '本平台为您提供电话法律咨询、视频咨询、见面咨询、律师函、合同审查与起草、诉讼代理及会员卡等法律与税务服务。律师意见仅针对您提供的信息，不构成对结果的保证。',
    ],
    [
      '二、账号',
      '您使用手机号和短信验证码登录，首次登录即注册。请妥善保管手机与验证码，不要告诉他人；通过您的账号进行的操作视为您本人的操作。持有会员卡的用户请使用卡片绑定的手机号登录。',
    ],
    [
      '三、订单与支付',
      '电话咨询先咨询后付费，会员按权益免费；其他服务按页面展示的价格与规则下单支付。优惠券抵扣后的应付金额不低于0元。',
    ],
    [
      '四、注销',
      '您可以在“我的—注销账号”中随时注销账号。注销后个人信息将被删除或匿名化，订单仅以匿名形式为财务核算保留，此后使用同一手机号登录将成为新账号。',
    ],
    ['五、其他', '我们可能根据法律法规或业务调整更新本协议，并在应用内提示。如有疑问，请联系客服。'],
  ],
  privacy: [
    [
      '一、我们收集的信息',
      '手机号（登录与通知）、您填写的咨询信息、订单与支付记录；在您单独同意后，为实名核验处理姓名、身份证号码和手机号。',
    ],
    [
      '二、我们如何使用',
      '用于提供和改进服务、联系您、处理订单与售后、履行法定义务。我们不会出售您的个人信息。',
    ],
    [
      '三、存储与保护',
      '身份证号码加密存储，界面只显示打码后的内容；通话通过隐私号码进行，律师与您互不可见真实号码。',
    ],
    ['四、您的权利', '您可以查看、更正个人资料，撤回授权，或注销账号删除个人信息。'],
    ['五、联系我们', '如对个人信息处理有任何疑问或投诉，请联系客服。'],
  ],
};

/** 用户协议 / 隐私政策 as a full-height sheet over the login popup; Back closes it. */
export function AgreementSheet({ kind, onClose }: { kind: AgreementKind | null; onClose: () => void }) {
  const shown = kind ?? 'terms';
  useBackCloses(kind !== null, onClose);
  return (
    <Popup visible={kind !== null} onMaskClick={onClose} position="right" bodyClassName={forms.agreement}>
      <div role="dialog" aria-modal="true" aria-labelledby="ll-agreement-title" data-testid="agreement">
        <header className={styles.head}>
          <h2 id="ll-agreement-title" className={styles.title}>
            {titles[shown]}
          </h2>
          <button type="button" className={forms.iconButton} aria-label="关闭" onClick={onClose}>
            <CloseOutline aria-hidden="true" />
          </button>
        </header>
        {sections[shown].map(([heading, text]) => (
          <section key={heading} className={forms.agreementSection}>
            <h3>{heading}</h3>
            <p>{text}</p>
          </section>
        ))}
      </div>
    </Popup>
  );
}
