import { theme as antTheme } from 'antd';
import { useIntl } from 'react-intl';

/** paid ÷ target as a percentage (for the bar only: the figures themselves are shown as the server gives them). */
export function paidShare(paid: string, target: string): number {
  const goal = Number(target);
  if (!(goal > 0)) return 0;
  return Math.round((Number(paid) / goal) * 1000) / 10;
}

/** A bar of what is paid against the target, and the share as text: 42.5 %. Over 100 % the bar is full. */
export function CampaignProgress({ paid, target }: { paid: string; target: string }) {
  const intl = useIntl();
  const { token } = antTheme.useToken();
  const share = paidShare(paid, target);
  const text = intl.formatMessage({ id: 'campaigns.progress.label' }, { percent: intl.formatNumber(share, { maximumFractionDigits: 1 }) });
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 120 }}>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(share, 100)}
        aria-label={text}
        style={{ flex: '1 1 80px', height: 8, borderRadius: 4, background: token.colorFillSecondary, overflow: 'hidden' }}
      >
        <div style={{ width: `${Math.min(share, 100)}%`, height: '100%', background: token.colorPrimary }} />
      </div>
      <span style={{ whiteSpace: 'nowrap' }}>{text}</span>
    </div>
  );
}
