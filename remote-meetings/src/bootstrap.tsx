import { mountStandalone } from '@ushirika/shared/dev-shell';
import AreaRoutes from './routes';

mountStandalone({ titleId: 'area.meetings', bases: ['meetings'], AreaRoutes });
