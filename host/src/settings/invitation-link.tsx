import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { create } from 'zustand';
import { useSession } from '@ushirika/shared/session';

interface ShownInvitation {
  name: string;
  url: string;
}

/**
 * The invitation link last made (a member added, or a new link), shown on Settings → Staff until closed, replaced
 * by the next one, or the session ends. Held in this page's memory only, never stored: it sets a password.
 */
export const useShownInvitation = create<{ shown: ShownInvitation | null; show: (shown: ShownInvitation) => void; clear: () => void }>()((set) => ({
  shown: null,
  show: (shown) => set({ shown }),
  clear: () => set({ shown: null }),
}));

// Another sign-in in this page (a logout, a new login) never sees the link.
useSession.subscribe((state, before) => {
  if (state.access_token !== before.access_token) useShownInvitation.getState().clear();
});

/**
 * The link with a Copy button, to hand over another way than the SMS (a chat, a note). Where the browser gives no
 * clipboard (an address without https), Copy selects the text for the user to copy.
 */
export function InvitationLink() {
  const intl = useIntl();
  const shown = useShownInvitation((state) => state.shown);
  const clear = useShownInvitation((state) => state.clear);
  const [copied, setCopied] = useState<string | null>(null);
  const field = useRef<InputRef>(null);
  if (!shown) return null;
  const label = intl.formatMessage({ id: 'staff.invitation.link' });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.url);
      setCopied(shown.url);
    } catch {
      field.current?.select();
    }
  };
  return (
    <Alert
      type="success"
      showIcon
      closable={{ 'aria-label': intl.formatMessage({ id: 'staff.invitation.close' }), onClose: clear }}
      style={{ marginBottom: 16 }}
      title={<FormattedMessage id="staff.invitation.title" values={{ name: shown.name }} />}
      description={
        <>
          <p style={{ marginTop: 0 }}>
            <FormattedMessage id="staff.invitation.text" />
          </p>
          <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
            <Input ref={field} readOnly value={shown.url} aria-label={label} onFocus={(event) => event.target.select()} />
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              <FormattedMessage id={copied === shown.url ? 'staff.invitation.copied' : 'staff.invitation.copy'} />
            </Button>
          </Space.Compact>
        </>
      }
    />
  );
}
