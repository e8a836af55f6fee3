import { errorText } from '@ushirika/shared/api';
import { MAX_PLEDGE_IMPORT_BYTES, type PledgeImportErrors, type PledgeImportResult } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { Alert, Button, Drawer, Flex, Typography } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { importPledges } from './api';

/** The refused import's body (400: every bad row's message), when the error is one. */
function rowErrorsOf(error: unknown): PledgeImportErrors | undefined {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  const body = data as Partial<PledgeImportErrors> | undefined;
  return typeof body?.status_msg === 'string' && Array.isArray(body.errors) ? (body as PledgeImportErrors) : undefined;
}

type Outcome = { kind: 'done'; result: PledgeImportResult } | { kind: 'refused'; text: string; errors: string[] };

function ImportForm({ campaignId, onImported }: { campaignId: number; onImported: () => void }) {
  const intl = useIntl();
  const inputId = useId();
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const run = async () => {
    if (!file) return;
    if (file.size > MAX_PLEDGE_IMPORT_BYTES) {
      setOutcome({ kind: 'refused', text: intl.formatMessage({ id: 'campaigns.import.tooLarge' }, { size: '1 MB' }), errors: [] });
      return;
    }
    setBusy(true);
    try {
      // The file's text as it is: the server reads its columns (name, phone, amount) and checks every row.
      const result = await importPledges(campaignId, await file.text());
      setOutcome({ kind: 'done', result });
      onImported();
    } catch (error) {
      const refused = rowErrorsOf(error);
      setOutcome({ kind: 'refused', text: translateText(intl, refused?.status_msg ?? errorText(error)), errors: refused?.errors ?? [] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        <FormattedMessage id="campaigns.import.intro" />
      </Typography.Paragraph>
      <label htmlFor={inputId}>
        <FormattedMessage id="campaigns.import.file" />
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => {
          setFile(event.target.files?.[0]);
          setOutcome(undefined);
        }}
      />
      <Flex justify="end">
        <Button type="primary" disabled={!file} loading={busy} onClick={() => void run()}>
          <FormattedMessage id="campaigns.import.submit" />
        </Button>
      </Flex>
      {outcome?.kind === 'done' && (
        <Alert
          type="success"
          showIcon
          title={translateText(intl, outcome.result.status_msg)}
          description={
            <FormattedMessage
              id="campaigns.import.done"
              values={{
                created: outcome.result.created,
                changed: outcome.result.changed,
                unchanged: outcome.result.unchanged,
                contactsCreated: outcome.result.contactsCreated,
              }}
            />
          }
        />
      )}
      {outcome?.kind === 'refused' && (
        <Alert
          type="error"
          showIcon
          title={outcome.text}
          description={
            outcome.errors.length > 0 ? (
              // The server's words per row ("Row 4: Amount must be more than 0"), as it says them.
              <ul data-testid="import-errors" style={{ margin: 0, paddingLeft: 20, maxHeight: 320, overflowY: 'auto' }}>
                {outcome.errors.map((text, index) => (
                  <li key={index}>{text}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
    </Flex>
  );
}

/**
 * 'Import pledges' (issue 30.2): a CSV of name, phone and amount read in the browser and sent as it is; the server
 * imports every row or none, and says how many pledges were made, changed or left, or which rows are wrong.
 */
export function ImportDrawer({ campaignId, open, onClose, onImported }: { campaignId: number; open: boolean; onClose: () => void; onImported: () => void }) {
  const intl = useIntl();
  return (
    <Drawer open={open} onClose={onClose} title={intl.formatMessage({ id: 'campaigns.import.button' })} size={560} destroyOnHidden>
      {open && <ImportForm campaignId={campaignId} onImported={onImported} />}
    </Drawer>
  );
}
