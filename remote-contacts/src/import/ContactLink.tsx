import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { EDIT_CONTACT_PATH } from '../contacts/paths';

/**
 * A contact the import found, by id: opens their page in a new tab, so the wizard (its file and its dry run) or
 * the undo's result stays where it is.
 */
export function ContactLink({ id }: { id: number }) {
  return (
    <Typography.Link href={`${EDIT_CONTACT_PATH}/${id}`} target="_blank" rel="noopener">
      <FormattedMessage id="contacts.import.contact" values={{ id }} />
    </Typography.Link>
  );
}
