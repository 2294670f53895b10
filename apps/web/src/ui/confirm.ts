import './antd-react19.ts';
import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';

/** A confirm dialog (antd-mobile Dialog.confirm); resolves true when the person confirmed. */
export function confirmDialog(options: {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
}): Promise<boolean> {
  return Dialog.confirm({
    title: options.title,
    content: options.content,
    confirmText: options.confirmText ?? '确定',
    cancelText: options.cancelText ?? '取消',
  });
}
