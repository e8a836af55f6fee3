import { Alert, Button, Flex, Result, Skeleton } from 'antd';
import { isHTTPError } from 'ky';
import { useCallback, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { useRecord } from './data';
import { recordId, type RecordEndpoint } from './record';

/*
 * Edit screens name their record in their address (`/contacts/edit/123`; issue 24, a deviation from spec 2.1,
 * docs/spec-deviations.md) and read it from the server when they open: bookmarkable, safe across a reload and
 * Back, and never a copy from before the last save. Nothing about the record is kept in the browser's storage.
 */

/** Returns `open(path, record)`: goes to the edit screen at `path` for this record (`<path>/<id>`). */
export function useOpenEditor(): (path: string, record: { id: number }) => void {
  const navigate = useNavigate();
  return useCallback((path, record) => navigate(`${path}/${record.id}`), [navigate]);
}

export interface EditRecordProps<Row extends object> {
  /** Where the record is read: `GET /<path>/{id}` answers `{ <singular>: record }`. */
  endpoint: RecordEndpoint<Row>;
  /** The list the screen returns to ('Back to the list'). */
  backTo: string;
  /**
   * The screen for the record as the server has it now. `reload` reads it again: after a save refused over a
   * newer version, the form shows the newer values (key the form by `record.version` so it starts again).
   */
  children: (record: Row, reload: () => void) => ReactNode;
}

/**
 * An edit screen's record, read by the `:id` of its route: the loading state, then the screen; 'not found'
 * for an id that names no record of the partner; the failure with Retry when the server could not answer.
 * Without an id (a bookmark of the address before ids: `/contacts/edit`), 'Nothing selected'.
 */
export function EditRecord<Row extends object>({ endpoint, backTo, children }: EditRecordProps<Row>) {
  const { id: param } = useParams();
  if (param === undefined) return <NothingSelected backTo={backTo} />;
  const id = recordId(param);
  if (id === undefined) return <RecordMissing backTo={backTo} />;
  return (
    <LoadedRecord key={id} endpoint={endpoint} id={id} backTo={backTo}>
      {children}
    </LoadedRecord>
  );
}

function LoadedRecord<Row extends object>({ endpoint, id, backTo, children }: EditRecordProps<Row> & { id: number }) {
  const { record, loading, error, reload } = useRecord(endpoint, id);
  if (loading) {
    return (
      <div role="status" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (isHTTPError(error) && error.response.status === 404) return <RecordMissing backTo={backTo} />;
  if (error || !record) {
    return (
      <Alert
        type="error"
        showIcon
        title={<FormattedMessage id="kit.edit.failed" />}
        action={
          <Button size="small" onClick={reload}>
            <FormattedMessage id="kit.list.retry" />
          </Button>
        }
      />
    );
  }
  return <>{children(record, reload)}</>;
}

function BackToList({ backTo }: { backTo: string }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(backTo)}>
      <FormattedMessage id="kit.edit.nothing.back" />
    </Button>
  );
}

/** What an edit screen shows when no record was chosen: a friendly note and the way back to the list. */
export function NothingSelected({ backTo }: { backTo: string }) {
  return (
    <Result
      status="info"
      title={<FormattedMessage id="kit.edit.nothing.title" />}
      subTitle={<FormattedMessage id="kit.edit.nothing.text" />}
      extra={<BackToList backTo={backTo} />}
    />
  );
}

/** An address that names no record of the partner (removed, mistyped, another partner's). */
function RecordMissing({ backTo }: { backTo: string }) {
  return (
    <Flex justify="center">
      <Result
        status="warning"
        title={<FormattedMessage id="kit.edit.missing.title" />}
        subTitle={<FormattedMessage id="kit.edit.missing.text" />}
        extra={<BackToList backTo={backTo} />}
      />
    </Flex>
  );
}
