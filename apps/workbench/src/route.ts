import { useSyncExternalStore } from 'react';

/**
 * The workbench's few places, kept in the hash so the back button and a reload land where the lawyer
 * was: #/ (phone consults), #/services (service orders), #/services/S… (one order).
 */
export type Route = { name: 'calls' } | { name: 'services' } | { name: 'service'; orderId: string };

const SERVICE_ID = /^S\d{8}[0-9A-Z]{8}$/;

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (parts[0] !== 'services') return { name: 'calls' };
  const orderId = parts[1];
  return orderId && SERVICE_ID.test(orderId) ? { name: 'service', orderId } : { name: 'services' };
}

/** One builder for every hash, so nothing else concatenates them. */
export const paths = {
  calls: () => '#/',
  services: () => '#/services',
  service: (orderId: string) => `#/services/${orderId}`,
};

export function navigate(hash: string): void {
  if (window.location.hash !== hash) window.location.hash = hash;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

const currentHash = () => window.location.hash;

export function useRoute(): Route {
  return parseRoute(useSyncExternalStore(subscribe, currentHash, () => ''));
}
