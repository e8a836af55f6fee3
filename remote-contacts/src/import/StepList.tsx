import { theme, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';

/** The wizard's steps, in order; each one's label is `contacts.import.step.<step>`. */
export const IMPORT_STEPS = ['file', 'columns', 'rows', 'done'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/**
 * Where the person is in the wizard: the numbered steps, the current one marked (aria-current). A list that
 * wraps, so on a phone the steps stack instead of overflowing the screen.
 */
export function StepList({ current }: { current: ImportStep }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const at = IMPORT_STEPS.indexOf(current);
  return (
    <ol
      aria-label={intl.formatMessage({ id: 'contacts.import.steps' })}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 24px', listStyle: 'none', margin: '0 0 16px', padding: 0 }}
    >
      {IMPORT_STEPS.map((step, index) => {
        const here = index === at;
        const colour = here ? token.colorPrimary : index < at ? token.colorText : token.colorTextSecondary;
        return (
          <li key={step} aria-current={here ? 'step' : undefined} style={{ display: 'flex', alignItems: 'center', gap: 8, color: colour }}>
            <span
              aria-hidden
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: 24,
                height: 24,
                borderRadius: '50%',
                border: `1px solid ${colour}`,
                background: here ? token.colorPrimary : 'transparent',
                color: here ? token.colorWhite : colour,
                fontSize: 12,
              }}
            >
              {index + 1}
            </span>
            <Typography.Text strong={here} style={{ color: colour }}>
              <FormattedMessage id={`contacts.import.step.${step}`} />
            </Typography.Text>
          </li>
        );
      })}
    </ol>
  );
}
