/** React Query keys of the lawyer's data; everything is dropped on sign-out. */
export const lawyerKeys = {
  me: ['lawyer', 'me'] as const,
  offers: ['lawyer', 'offers'] as const,
  currentCall: ['lawyer', 'call', 'current'] as const,
  orders: ['lawyer', 'orders'] as const,
  /** Service orders (issue 14): everything below this prefix is refreshed together after a step. */
  services: ['lawyer', 'services'] as const,
  serviceOffers: ['lawyer', 'services', 'offers'] as const,
  serviceList: (tab: 'active' | 'done') => ['lawyer', 'services', 'list', tab] as const,
  serviceDetail: (orderId: string) => ['lawyer', 'services', 'detail', orderId] as const,
  serviceEarnings: ['lawyer', 'services', 'earnings'] as const,
};
