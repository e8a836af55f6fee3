import { api, pageLoader } from '@ushirika/shared/api';
import { STAFF_PATH, type StaffInvited, type StaffMember, type StaffSaved } from '@ushirika/shared/contract';
import type { StaffChangeRequest, StaffCreateRequest } from '@ushirika/shared/validation';

/** Settings → Staff's calls (issue 25; the contract: shared/src/contract/staff.ts). A save refreshes the list read from STAFF_PATH. */
export const loadStaff = pageLoader<StaffMember>(STAFF_PATH, 'staff');

/** POST /api/v2/staff: the member is added and invited by SMS; the answer carries the link to hand over another way. */
export const addStaff = (body: StaffCreateRequest): Promise<StaffInvited> => api.post(STAFF_PATH, { json: body }).json<StaffInvited>();

/** PUT /api/v2/staff/{id}: new roles, or deactivate (every session of theirs ends) / reactivate. */
export const changeStaff = (id: number, body: StaffChangeRequest): Promise<StaffSaved> => api.put(`${STAFF_PATH}/${id}`, { json: body }).json<StaffSaved>();

/** POST /api/v2/staff/{id}/invitation: a new link while they have not set a password; the old link stops working. */
export const newInvitation = (id: number): Promise<StaffInvited> => api.post(`${STAFF_PATH}/${id}/invitation`).json<StaffInvited>();

/** DELETE /api/v2/staff/{id}/two-step: their second step is reset (owners only); their sessions end. */
export const resetTwoStep = (id: number): Promise<StaffSaved> => api.delete(`${STAFF_PATH}/${id}/two-step`).json<StaffSaved>();
