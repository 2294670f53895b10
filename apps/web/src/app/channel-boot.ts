import { readableBrandColour } from '@lawline/contract';
import type { ChannelData } from '@lawline/contract/schemas';
import { api } from '../api/client.ts';
import { initAnalytics } from '../platform/analytics.ts';
import { useChannel } from '../state/channel.ts';

/**
 * Brand the page with the channel (spec §3): title, colours as antd-mobile's theme variables (the
 * primary colour made readable, see the contract's rules/colour.ts; the configured one stays as --ll-brand for
 * decoration), analytics.
 */
export function applyChannel(data: ChannelData, doc: Document = document): void {
  if (data.name) doc.title = data.name;
  const style = doc.documentElement.style;
  if (data.colors.primary) {
    const readable = readableBrandColour(data.colors.primary);
    style.setProperty('--adm-color-primary', readable);
    style.setProperty('--ll-primary', readable);
    style.setProperty('--ll-brand', data.colors.primary);
  }
  if (data.colors.secondary) style.setProperty('--ll-secondary', data.colors.secondary);
  initAnalytics(data.analyticsScript);
}

/** Loads the channel config once at start (GET channel/getChannel with the common params). */
export async function loadChannel(): Promise<void> {
  try {
    const data = await api.get<ChannelData>('channel/getChannel');
    applyChannel(data);
    useChannel.getState().setData(data);
  } catch {
    // The client has already shown the error (or gone to ErrPage for a channel error).
    useChannel.getState().setFailed();
    initAnalytics(null);
  }
}
