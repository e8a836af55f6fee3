import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { PRIMARY_COLOUR, SECONDARY_COLOUR } from '@ushirika/shared/ui';
import { DEFAULT_DASHBOARD_PATH } from '../dashboard/paths';

/** The logo links to /dashboard/default (spec 2.1). */
export function Logo({ collapsed }: { collapsed: boolean }) {
  return (
    <Link
      to={DEFAULT_DASHBOARD_PATH}
      style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64, padding: '0 20px', color: '#fff', fontSize: 20, fontWeight: 600 }}
    >
      <span
        aria-hidden
        style={{
          width: 32,
          height: 32,
          borderRadius: 8,
          flex: 'none',
          background: `linear-gradient(135deg, ${PRIMARY_COLOUR}, ${SECONDARY_COLOUR})`,
          display: 'grid',
          placeItems: 'center',
          fontSize: 18,
        }}
      >
        U
      </span>
      {!collapsed && <FormattedMessage id="app.name" />}
    </Link>
  );
}
