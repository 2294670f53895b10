import './antd-react19.ts';
import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import { openBackEntry } from './use-back-closes.ts';

/**
 * A confirm dialog (antd-mobile's Dialog with 取消 / 确定); resolves true when the person confirmed.
 * Back closes it as 取消. It resolves after its history entry is gone, so the caller may navigate.
 */
export function confirmDialog(options: {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
}): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      handler.close();
      entry.leave(() => resolve(confirmed));
    };
    const handler = Dialog.show({
      title: options.title,
      content: options.content,
      closeOnAction: true,
      onClose: () => settle(false),
      actions: [
        [
          { key: 'cancel', text: options.cancelText ?? '取消', onClick: () => settle(false) },
          { key: 'confirm', text: options.confirmText ?? '确定', bold: true, onClick: () => settle(true) },
        ],
      ],
    });
    const entry = openBackEntry(() => settle(false));
  });
}
