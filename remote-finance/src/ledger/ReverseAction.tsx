import { REVERSAL_REASON_REQUIRED } from '@ushirika/shared/contract';
import { staleSaveOf, useDialogs, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { reverseLedgerEntry } from './api';
import { useClosedMonthError } from './closed-month';
import { LEDGERS, type LedgerKind } from './ledgers';
import { ReasonForm } from './ReasonForm';

/**
 * 'Reverse' on a posted entry's edit screen (issue 26.3): asks why, then cancels the entry with a reversing entry
 * and nothing in its place (an M-Pesa income's payment waits for an account again), and returns to the list.
 */
export function ReverseAction({ kind, entry, changed }: { kind: LedgerKind; entry: { id: number; version: number }; changed: () => void }) {
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const navigate = useNavigate();
  const localised = useClosedMonthError();
  const [asking, setAsking] = useState(false);
  const ledger = LEDGERS[kind];

  const reverse = async (reason: string) => {
    try {
      const answer = await reverseLedgerEntry(ledger, entry, reason);
      void refresh(ledger.path);
      navigate(ledger.resource.routes.list);
      void dialogs.success(answer.status_msg);
    } catch (error) {
      const stale = staleSaveOf(error);
      if (stale) {
        if (await dialogs.stale(stale)) changed();
        return;
      }
      dialogs.error(localised(error));
    }
  };

  return (
    <Card title={<FormattedMessage id="ledger.reverse.title" />} style={{ maxWidth: 760, marginTop: 16 }}>
      <Typography.Paragraph>
        <FormattedMessage id={`ledger.reverse.text.${kind}`} />
      </Typography.Paragraph>
      {asking ? (
        <ReasonForm required={REVERSAL_REASON_REQUIRED} confirm="ledger.reverse.confirm" danger onConfirm={reverse} onCancel={() => setAsking(false)} />
      ) : (
        <Button danger onClick={() => setAsking(true)}>
          <FormattedMessage id="ledger.reverse.button" />
        </Button>
      )}
    </Card>
  );
}
