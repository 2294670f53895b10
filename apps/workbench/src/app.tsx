import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LoginScreen } from './screens/login-screen.tsx';
import { WorkbenchScreen } from './screens/workbench-screen.tsx';
import { useSession } from './session.ts';
import { ToastHost } from './ui/toast.tsx';

/** Logged in: the workbench; otherwise the login screen. Signing out drops every cached answer. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const { token } = useSession();
  useEffect(() => {
    if (!token) queryClient.clear();
  }, [token, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {token ? <WorkbenchScreen key={token} /> : <LoginScreen />}
      <ToastHost />
    </QueryClientProvider>
  );
}
