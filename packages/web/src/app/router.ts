import { createBrowserRouter } from 'react-router';
import { setApiNavigate } from '@/lib/api-client';
import { routes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A 401 in the staff area sends the user to the advisor login without reloading the app.
  setApiNavigate((path) => void router.navigate(path, { replace: true }));
  return router;
}
