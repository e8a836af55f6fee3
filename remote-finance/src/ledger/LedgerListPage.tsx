import { HIDE_REVERSALS } from '@ushirika/shared/contract';
import { ResourceListPage, type Identified } from '@ushirika/shared/ui';
import { Checkbox } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ledgerTotal } from '../ledger-columns';

/** A resource description as the kit's list takes it (its schema's type is the kit's business: no yup here). */
type Listed<Row extends Identified> = Parameters<typeof ResourceListPage<Row>>[0]['resource'];

/** Each ledger resource's description that lists without reversals (`?reversals=hide`), made once: its calls and cache are its own. */
const hiding = new WeakMap<object, object>();
function withoutReversals<Row extends Identified>(resource: Listed<Row>): Listed<Row> {
  let variant = hiding.get(resource);
  if (!variant) {
    variant = { ...resource, listParams: { ...resource.listParams, ...HIDE_REVERSALS } };
    hiding.set(resource, variant);
  }
  return variant as Listed<Row>;
}

/** 'Hide reversals': the list without reversing entries and the entries they reverse. */
function HideReversals({ hidden, onChange }: { hidden: boolean; onChange: (hidden: boolean) => void }) {
  return (
    <Checkbox checked={hidden} onChange={(event) => onChange(event.target.checked)}>
      <FormattedMessage id="ledger.hideReversals" />
    </Checkbox>
  );
}

/**
 * The income or expense list (issue 26.3): every entry, reversed and reversing ones tagged in their Status
 * column, with a switch that hides reversing entries and the entries they reverse (the server's `?reversals=hide`),
 * and the total of every entry the search and dates find (issue 28.3).
 */
export function LedgerListPage<Row extends Identified>({ resource }: { resource: Listed<Row> }) {
  const [hidden, setHidden] = useState(false);
  return (
    <ResourceListPage
      resource={hidden ? withoutReversals(resource) : resource}
      tools={() => <HideReversals hidden={hidden} onChange={setHidden} />}
      summary={ledgerTotal}
    />
  );
}
