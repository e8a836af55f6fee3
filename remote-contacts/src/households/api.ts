import { api } from '@ushirika/shared/api';
import { householdsPath } from '@ushirika/shared/contract';

/** DELETE /households/{id}: the household goes, its members stay contacts in no household. */
export const deleteHousehold = (id: number) => api.delete(`${householdsPath}/${id}`).json<{ status_msg: string }>();
