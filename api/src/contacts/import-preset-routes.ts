import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import {
  CONTACT_IMPORT_FIELDS,
  contactImportPresetRow,
  contactImportPresetsPath,
  IMPORT_PRESET_NAME_MAX_LENGTH,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_PRESETS,
  type ContactImportMapping,
} from '@ushirika/shared/contract';
import { text, validateFirstErrorSync } from '@ushirika/shared/validation';
import { needs } from '../auth/permissions';
import { deleteRoute } from '../http/delete-route';
import { badRequest } from '../http/errors';
import { isJsonObject, NOT_AN_OBJECT } from '../http/json-body';
import { listAnswer, type ListParams } from '../http/list-query';
import { failures, jsonSchemaOf, listQuerySchema, validatedBy, type JsonSchema } from '../http/schema';
import { checkedMapping, MAPPING_HEADER_MAX_LENGTH } from './import-mapping';
import { deletePreset, findPreset, listImportPresets, savePreset } from './import-presets';

const TAG = 'Contacts';
export const PRESET_SAVED = 'Matching saved';
export const PRESET_DELETED = 'Matching deleted';
export const PRESET_NOT_FOUND = 'Saved matching not found';
export const PRESET_NAME_REQUIRED = 'Name is required';

/** A mapping as JSON carries it: header -> field, or null. */
const mappingSchema: JsonSchema = {
  type: 'object',
  maxProperties: MAX_IMPORT_COLUMNS,
  additionalProperties: { type: 'string', enum: [...CONTACT_IMPORT_FIELDS, null], nullable: true },
  description: `A header of the file (at most ${MAPPING_HEADER_MAX_LENGTH} characters) -> the field its column fills, or null to ignore it; at most ${MAX_IMPORT_COLUMNS} headers`,
  example: { 'Jina la kwanza': 'firstName', Simu: 'mobile', Notes: null },
};

/** A preset as answered: the contract's row, its mapping written out whole (an object of any headers). */
const presetSchema: JsonSchema = (() => {
  const row = jsonSchemaOf(contactImportPresetRow, 'output');
  return { ...row, properties: { ...(row.properties as object), mapping: mappingSchema } };
})();

/** The preset's name: the form rules' trimmed text (required, bounded, no NUL). */
const presetName = yup.object({ name: text(PRESET_NAME_REQUIRED, { label: 'Name', max: IMPORT_PRESET_NAME_MAX_LENGTH }) });

/** POST body: `{ name, mapping }`, the name checked first, then the mapping (import-mapping.ts). */
const presetBody = validatedBy(
  { type: 'object', required: ['name', 'mapping'], properties: { ...(jsonSchemaOf(presetName, 'input').properties as object), mapping: mappingSchema } },
  (body): { name: string; mapping: ContactImportMapping } => {
    if (!isJsonObject(body)) throw badRequest(NOT_AN_OBJECT);
    const named = validateFirstErrorSync(presetName, { name: body.name });
    if (!named.ok) throw badRequest(named.message);
    return { name: named.value.name, mapping: checkedMapping(body.mapping) };
  },
);

/**
 * The import's saved column matchings (issue 27.1): GET /member/import/presets, POST it `{ name, mapping }` (saved,
 * or the one of that name replaced; at most MAX_IMPORT_PRESETS), DELETE /member/import/presets/{id}.
 * contacts.transfer; each change writes one `contact_import_preset` event.
 */
export async function importPresetRoutes(app: FastifyInstance) {
  const path = `/${contactImportPresetsPath}`;
  app.get(
    path,
    {
      ...needs('contacts.transfer'),
      schema: {
        tags: [TAG],
        summary: "The partner's saved column matchings of the import, by name",
        querystring: listQuerySchema,
        response: {
          200: {
            description: 'One page of presets and the number of all',
            type: 'object',
            required: ['presets', 'total'],
            properties: { presets: { type: 'array', items: presetSchema }, total: { type: 'integer', minimum: 0 }, total_is_estimate: { type: 'boolean' } },
          },
          ...failures(400, 401, 403),
        },
      },
    },
    async (request) => listAnswer('presets', await listImportPresets(request.tenant, request.query as ListParams)),
  );

  const saved = {
    description: 'Saved: the text and the preset',
    type: 'object',
    required: ['status_msg', 'preset'],
    properties: { status_msg: { type: 'string' }, preset: presetSchema },
  };
  app.post(
    path,
    {
      ...needs('contacts.transfer'),
      schema: {
        tags: [TAG],
        summary: `Save a column matching under a name (the one of that name is replaced; at most ${MAX_IMPORT_PRESETS})`,
        body: presetBody,
        response: {
          200: saved,
          201: saved,
          ...failures(400, 401, 403),
          409: { ...failures(409)[409], description: `The partner has ${MAX_IMPORT_PRESETS} presets already` },
        },
      },
    },
    async (request, reply) => {
      const { name, mapping } = request.body as { name: string; mapping: ContactImportMapping };
      const { preset, created } = await savePreset(request.tenant, name, mapping);
      return reply.code(created ? 201 : 200).send({ status_msg: PRESET_SAVED, preset });
    },
  );

  deleteRoute(app, {
    path: contactImportPresetsPath,
    tag: TAG,
    permission: 'contacts.transfer',
    summary: 'Delete a saved column matching',
    notFound: PRESET_NOT_FOUND,
    deleted: PRESET_DELETED,
    entity: 'contact_import_preset',
    find: findPreset,
    remove: deletePreset,
  });
}
