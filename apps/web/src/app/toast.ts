import '../ui/antd-react19.ts';
import Toast from 'antd-mobile/es/components/toast';

/** antd-mobile's Toast, loaded on first use to keep it out of the entry chunk. */
export function toast(message: string, duration: number): void {
  Toast.show({ content: message, duration });
}
