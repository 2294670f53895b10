import '../../../ui/antd-react19.ts';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Popup from 'antd-mobile/es/components/popup';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { BackButton } from '../../../ui/page-shell.tsx';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import styles from '../home.module.css';

export type AiStep = 'disclaimer' | 'coming' | null;

/**
 * AI legal consultation (spec §1, §5): the disclaimer must be confirmed first; then the AI screen,
 * which says the AI consultation is coming (a later issue) and offers a lawyer instead.
 */
export function AiConsult({ step, onStep }: { step: AiStep; onStep: (step: AiStep) => void }) {
  const navigate = useNavigate();
  // Back closes the disclaimer or the AI screen (issue 23); every other way out removes that entry first.
  const close = () => onStep(null);
  const leave = useBackCloses(step !== null, close);
  return (
    <>
      <Dialog
        visible={step === 'disclaimer'}
        title="免责声明"
        content={
          <div className={styles.aiDisclaimer} data-testid="ai-disclaimer">
            <p>AI法律咨询由人工智能生成回答，仅供参考，不构成正式法律意见，也不能替代执业律师的专业判断。</p>
            <p>请勿输入身份证号、银行卡号等敏感个人信息。涉及重大权益的问题，请咨询专业律师。</p>
          </div>
        }
        closeOnAction={false}
        onClose={() => leave(close)}
        actions={[
          [
            { key: 'cancel', text: '不同意', onClick: () => leave(close) },
            { key: 'agree', text: '我已阅读并同意', bold: true, onClick: () => onStep('coming') },
          ],
        ]}
      />
      <Popup
        visible={step === 'coming'}
        position="right"
        bodyClassName={styles.aiPage}
        onClose={() => leave(close)}
        destroyOnClose
      >
        <div
          className={styles.aiPageInner}
          role="dialog"
          aria-modal="true"
          aria-labelledby="home-ai-title"
          data-testid="ai-coming"
        >
          <header className={styles.aiPageHead}>
            <BackButton onClick={() => leave(close)} />
            <h2 id="home-ai-title">AI法律咨询</h2>
            <span />
          </header>
          <div className={styles.aiPageBody}>
            <div className={styles.aiAvatar} aria-hidden="true">
              AI
            </div>
            <p className={styles.aiPageTitle}>AI法律咨询即将上线</p>
            <p className={styles.aiPageNote}>
              我们正在训练更懂中国法律的AI助手，敬请期待。现在遇到问题，可直接连线专业律师。
            </p>
            <Button
              color="primary"
              block
              onClick={() =>
                leave(() => {
                  close();
                  navigate(paths.subTel(7));
                })
              }
            >
              60秒连线律师
            </Button>
          </div>
        </div>
      </Popup>
    </>
  );
}

export default AiConsult;
