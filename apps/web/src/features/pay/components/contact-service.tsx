import { useChannel } from '../../../state/channel.ts';
import { ContactService } from '../../../ui/contact-service.tsx';
import { SectionCard } from '../../../ui/section-card.tsx';

/**
 * 联系客服 on an order page: the shared ContactService row (the channel's service phone and hours,
 * tap to call) in a card, with the order number to quote. No empty card while the channel names
 * no phone.
 */
export function OrderContactService({ orderId }: { orderId?: string }) {
  const phone = useChannel((s) => s.data?.servicePhone);
  if (!phone) return null;
  return (
    <SectionCard flush>
      <ContactService note={orderId ? `订单号 ${orderId}` : undefined} />
    </SectionCard>
  );
}
