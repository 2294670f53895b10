import { useParams } from 'react-router';
import PhonePaymentPage from '../../features/phone-consult/payment-page.tsx';
import ServicePaymentPage from '../../features/services/service-payment-page.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';

/**
 * Payment (/Payment/:orderId[/:kind]) composes two features: a phone order ('T…', paid after the
 * call) and a service order ('S…', issue 14: face, letter, lawsuit — paid before or for a balance).
 */
export function PaymentPage({ name }: PageProps) {
  const { id } = useParams();
  return id?.startsWith('S') ? <ServicePaymentPage name={name} /> : <PhonePaymentPage name={name} />;
}

export default PaymentPage;
