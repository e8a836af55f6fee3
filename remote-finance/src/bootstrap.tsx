import { mountStandalone } from '@ushirika/shared/dev-shell';
import AreaRoutes from './routes';

mountStandalone({ titleId: 'area.finance', bases: ['finance', 'etracker'], AreaRoutes });
