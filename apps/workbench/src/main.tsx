import './styles/global.css';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api.ts';
import { App } from './app.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Only a network hiccup is worth a second try; the server's answers stand.
      retry: (failures, error) => failures < 2 && error instanceof ApiError && error.kind === 'network',
      refetchOnWindowFocus: true,
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
