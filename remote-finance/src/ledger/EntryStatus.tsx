import type { LedgerStatus } from '@ushirika/shared/contract';
import { Alert, Tag } from 'antd';
import { FormattedMessage } from 'react-intl';

/** What an income or expense row says about its place in the ledger (issue 26.3). */
export interface LedgerEntry {
  status: LedgerStatus;
  reversalOfId: number | null;
  reversedById: number | null;
  correctionOfId: number | null;
  reason: string | null;
}

/**
 * The list's Status cell: 'Reversed' on an entry a reversing entry cancels, 'Reversal' on that reversing entry,
 * 'Correction' on an entry a correction recorded; nothing on an ordinary entry.
 */
export function StatusTag({ entry }: { entry: LedgerEntry }) {
  if (entry.status === 'reversed') {
    return (
      <Tag color="volcano">
        <FormattedMessage id="ledger.status.reversed" />
      </Tag>
    );
  }
  if (entry.status === 'reversal') {
    return (
      <Tag color="purple">
        <FormattedMessage id="ledger.status.reversal" />
      </Tag>
    );
  }
  if (entry.correctionOfId !== null) {
    return (
      <Tag color="blue">
        <FormattedMessage id="ledger.status.correction" />
      </Tag>
    );
  }
  return null;
}

/** What the edit screen says first about an entry that is not an ordinary one: reversed, reversing, or a correction, and why. */
export function EntryNotice({ entry }: { entry: LedgerEntry }) {
  const reason = entry.reason ?? '';
  if (entry.status === 'reversed') {
    return <Alert type="warning" showIcon title={<FormattedMessage id="ledger.notice.reversed" values={{ id: entry.reversedById }} />} style={{ marginBottom: 16 }} />;
  }
  if (entry.status === 'reversal') {
    return (
      <Alert
        type="info"
        showIcon
        title={<FormattedMessage id="ledger.notice.reversal" values={{ id: entry.reversalOfId }} />}
        description={<FormattedMessage id="ledger.notice.reason" values={{ reason }} />}
        style={{ marginBottom: 16 }}
      />
    );
  }
  if (entry.correctionOfId !== null) {
    return (
      <Alert
        type="info"
        showIcon
        title={<FormattedMessage id="ledger.notice.correction" values={{ id: entry.correctionOfId }} />}
        description={<FormattedMessage id="ledger.notice.reason" values={{ reason }} />}
        style={{ marginBottom: 16 }}
      />
    );
  }
  return null;
}
