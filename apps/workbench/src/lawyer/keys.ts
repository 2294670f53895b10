/** React Query keys of the lawyer's data; everything is dropped on sign-out. */
export const lawyerKeys = {
  me: ['lawyer', 'me'] as const,
  offers: ['lawyer', 'offers'] as const,
  currentCall: ['lawyer', 'call', 'current'] as const,
  orders: ['lawyer', 'orders'] as const,
};
