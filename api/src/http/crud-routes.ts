import type { FastifyInstance } from 'fastify';
import type { ActivityEntity, Endpoint, Permission } from '@ushirika/shared/contract';
import { changesBetween, createdValues, recordActivity } from '../activity/record';
import { historyRoute } from '../activity/history-route';
import { needs } from '../auth/permissions';
import type { ValidationContext } from '@ushirika/shared/validation';
import type { AnyObjectSchema, InferType } from 'yup';
import type { Page } from '../db/paged-list';
import { savingVersion, type VersionedTable } from '../db/record-versions';
import type { TenantScope } from '../db/tenant-scope';
import { noNudge, type OutboxNudge } from '../messaging/outbox/nudge';
import { badRequest, HttpError, notFound } from './errors';
import { refusingViolations, validBody } from './route-helpers';
import { listAnswer, type ListParams } from './list-query';
import { bodyFrom, documentedBody, failures, idParams, listOf, listQuerySchema, recordOf, savedOf, staleOrDuplicate, withVersion, type JsonSchema } from './schema';

/** What a save may need besides the partner's scope and the body. */
export interface SaveContext {
  /** The signed-in user (the token's subject): who recorded it. */
  userId: number;
  /** The outbox worker, to wake once a save that queued messages (an SMS receipt) has committed. */
  outbox: OutboxNudge;
}

/** Options of a resource's routes plugin: `app.register(crudRoutes(resource), { outbox })`. */
export interface CrudRouteOptions {
  outbox?: OutboxNudge;
}

/**
 * Fields a list answers beside its page (issue 28.3: the income and expense lists' `total_amount`): read for the
 * same query as the page, over every matching row (all pages).
 */
export interface ListSummary {
  /** The fields as the OpenAPI document describes them (always answered; not in `required`, which names a list's own two). */
  properties: Record<string, JsonSchema>;
  read(scope: TenantScope, params: ListParams): Promise<Record<string, unknown>>;
}

/**
 * One resource of the API as a description: what the CRUD route factory needs to serve
 * `GET /<path>` (the standard list query → `{ <plural>, total }`), `GET /<path>/{id}` (`{ <singular>: record }`,
 * what an edit screen opens), `POST /<path>` (201) and `PUT /<path>/{id}` (200), each save answering
 * `{ status_msg, <singular>: record }` (spec 7, 8).
 */
export interface CrudResource<Body extends AnyObjectSchema, Row extends object> {
  /** Path, answer keys, row schema and saved text, as the contract gives them to both sides. */
  endpoint: Endpoint<Row>;
  /** The table of its records: their versions are kept there (db/record-versions.ts). */
  table: VersionedTable;
  /** The business area, as the OpenAPI document groups routes. */
  tag: string;
  /** What the activity log calls its records (issue 26): every save writes one event of it. */
  entity: ActivityEntity;
  /** What reading (the list, one record) and saving (create, change) need (issue 25). */
  permissions: { read: Permission; write: Permission };
  /** The form's shared yup schema: validates and casts bodies, documents them. */
  body: Body;
  /** A valid body, shown as the example in the OpenAPI document. */
  example: Record<string, unknown>;
  texts: {
    /** An id that is not the partner's (or not an id at all). */
    notFound: string;
    /** A unique key violated (a name the partner already uses): 409. */
    duplicate?: string;
    /** A record the body names (`references`) is not the partner's, or went away before the save: 400. */
    unknownReference?: string;
  };
  queries: {
    list(scope: TenantScope, params: ListParams): Promise<Page<Row>>;
    find(scope: TenantScope, id: number): Promise<Row | undefined>;
    /** Returns the new id. */
    insert(scope: TenantScope, input: InferType<Body>, context: SaveContext): Promise<number>;
    /**
     * False when the partner has no such record. Absent: the resource serves its own `PUT /<path>/{id}`
     * (income and expenses: a correction is a reversing entry and a new one, finance/corrections).
     */
    update?(scope: TenantScope, id: number, input: InferType<Body>, context: SaveContext): Promise<boolean>;
  };
  /**
   * The list's query when it takes filters beyond the standard list query (accounts' `?type=`): a
   * `validatedBy` schema whose check returns the ListParams with the extra filters, which `queries.list` reads.
   */
  listQuery?: JsonSchema;
  /** Fields the list answers beside its page (a total of the matching rows); none by default. */
  listSummary?: ListSummary;
  /** yup context the body is validated with (the partner's country, for phone numbers); none by default. */
  validationContext?: (scope: TenantScope) => Promise<ValidationContext>;
  /**
   * Body fields that name another of the partner's records, and that record's resource: each id is looked up
   * in the partner's records before the save, so another partner's id (or an unknown one) answers 400
   * `texts.unknownReference`, exactly alike.
   */
  references?: Partial<Record<keyof InferType<Body> & string, CrudResource<AnyObjectSchema, object>>>;
}

/** Every resource the factory serves, for the tests that walk them all and for the docs. */
export const crudResources = new Set<CrudResource<AnyObjectSchema, object>>();

/**
 * The routes of one resource. The tenant hook has run before (401/403), the schemas validate before the
 * handler (400 with the form's first message, 404 for a malformed id), and the tenant scope keeps every
 * query to the partner's rows, so another partner's id answers 404 like an unknown one.
 */
export function crudRoutes<Body extends AnyObjectSchema, Row extends object>(resource: CrudResource<Body, Row>) {
  const { endpoint, tag, texts, queries } = resource;
  const { path, plural, singular, row } = endpoint;
  crudResources.add(resource as unknown as CrudResource<AnyObjectSchema, object>);

  // A body validated with a per-request context is checked in the handler; any other before it. A change's body
  // may also carry the version its form was read at.
  const bodyOf = <S extends AnyObjectSchema>(schema: S) => ({
    ...(resource.validationContext ? documentedBody(schema) : bodyFrom(schema)),
    examples: [resource.example],
  });
  const changeBody = withVersion(resource.body);
  const saved = savedOf(singular, row);
  const listed = listOf(plural, row);
  const summary = resource.listSummary;
  const listSchema = summary ? { ...listed, properties: { ...(listed.properties as object), ...summary.properties } } : listed;

  async function inputOf<S extends AnyObjectSchema>(scope: TenantScope, schema: S, given: unknown): Promise<InferType<S>> {
    if (!resource.validationContext) return given as InferType<S>;
    return validBody(schema, given, await resource.validationContext(scope));
  }

  /** Ids inside bodies are checked against the tenant (the composite foreign keys would refuse them too). */
  async function checkReferences(scope: TenantScope, input: InferType<Body>) {
    for (const [field, target] of Object.entries(resource.references ?? {}) as [string, CrudResource<AnyObjectSchema, object>][]) {
      if ((await target.queries.find(scope, (input as Record<string, number>)[field]!)) === undefined) throw badRequest(texts.unknownReference ?? 'Unknown reference');
    }
  }

  /** The record just saved, as the API answers it (read inside the save's transaction). */
  async function readBack(scope: TenantScope, id: number): Promise<Row> {
    const record = await queries.find(scope, id);
    if (record === undefined) throw new HttpError(500, `The saved ${singular} could not be read back`);
    return record;
  }

  /**
   * Runs one save and its activity event in one transaction (the event reads the record as the API answers it,
   * before and after). A save that queues messages wakes the outbox once the whole transaction has committed.
   */
  async function saving<T>(scope: TenantScope, userId: number, outbox: OutboxNudge, save: (trx: TenantScope, context: SaveContext) => Promise<T>): Promise<T> {
    let queued = false;
    const context: SaveContext = { userId, outbox: { wake: () => void (queued = true) } };
    const result = await scope.transaction((trx) => save(trx, context));
    if (queued) outbox.wake();
    return result;
  }

  return async function routes(app: FastifyInstance, options: CrudRouteOptions = {}) {
    const outbox = options.outbox ?? noNudge;

    app.get(
      `/${path}`,
      {
        ...needs(resource.permissions.read),
        schema: {
          tags: [tag],
          summary: `List ${plural}`,
          querystring: resource.listQuery ?? listQuerySchema,
          response: { 200: listSchema, ...failures(400, 401, 403) },
        },
      },
      async (request) => {
        const params = request.query as ListParams;
        const [page, extra] = await Promise.all([queries.list(request.tenant, params), summary?.read(request.tenant, params)]);
        return { ...listAnswer(plural, page), ...extra };
      },
    );

    app.get(
      `/${path}/:id`,
      {
        ...needs(resource.permissions.read),
        schema: {
          tags: [tag],
          summary: `One ${singular}, with its version (what an edit screen opens)`,
          params: idParams(texts.notFound),
          response: { 200: recordOf(singular, row), ...failures(401, 403, 404) },
        },
      },
      async (request) => {
        const record = await queries.find(request.tenant, (request.params as { id: number }).id);
        if (record === undefined) throw notFound(texts.notFound);
        return { [singular]: record };
      },
    );

    app.post(
      `/${path}`,
      {
        ...needs(resource.permissions.write),
        schema: { tags: [tag], summary: `Create a ${singular}`, body: bodyOf(resource.body), response: { 201: saved, ...failures(400, 401, 403, 409) } },
      },
      async (request, reply) => {
        const input = await inputOf(request.tenant, resource.body, request.body);
        await checkReferences(request.tenant, input);
        // The record the event was built from is the answer: read once, inside the save's transaction.
        const record = await refusingViolations(texts, () =>
          saving(request.tenant, request.userId, outbox, async (trx, context) => {
            const id = await queries.insert(trx, input, context);
            const created = await readBack(trx, id);
            await recordActivity(trx, { action: 'create', entity: resource.entity, entityId: id, changes: createdValues(created) });
            return created;
          }),
        );
        return reply.code(201).send({ status_msg: endpoint.savedText, [singular]: record });
      },
    );

    const update = queries.update?.bind(queries);
    if (update) {
      app.put(
        `/${path}/:id`,
        {
          ...needs(resource.permissions.write),
          schema: {
            tags: [tag],
            summary: `Change a ${singular} (over the version its form was read at)`,
            params: idParams(texts.notFound),
            body: bodyOf(changeBody),
            response: { 200: saved, ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
          },
        },
        async (request) => {
          const { id } = request.params as { id: number };
          const { version, ...input } = await inputOf(request.tenant, changeBody, request.body);
          await checkReferences(request.tenant, input as InferType<Body>);
          const change = { userId: request.userId, version };
          const changed = await refusingViolations(texts, () =>
            saving(request.tenant, request.userId, outbox, (scope, context) =>
              savingVersion(scope, resource.table, id, change, async (trx) => {
                const before = await queries.find(trx, id);
                if (!(await update(trx, id, input as InferType<Body>, context))) return false;
                const after = await readBack(trx, id);
                await recordActivity(trx, { action: 'update', entity: resource.entity, entityId: id, changes: changesBetween(before, after) });
                return after;
              }),
            ),
          );
          if (!changed) throw notFound(texts.notFound);
          return { status_msg: endpoint.savedText, [singular]: changed };
        },
      );
    }

    historyRoute(app, {
      path,
      entity: resource.entity,
      tag,
      permission: resource.permissions.read,
      notFound: texts.notFound,
      exists: async (scope, id) => (await queries.find(scope, id)) !== undefined,
    });
  };
}
