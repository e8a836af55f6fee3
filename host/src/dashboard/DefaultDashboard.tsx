import { Navigate } from 'react-router-dom';
import { useSession } from '@ushirika/shared/session';
import { dashboardPathFor } from './paths';

export function DefaultDashboard() {
  const user = useSession((state) => state.user);
  return <Navigate to={dashboardPathFor(user)} replace />;
}
