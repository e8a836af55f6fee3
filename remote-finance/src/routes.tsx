import { Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AreaTexts, NotFound } from '@ushirika/shared/ui';
import * as messages from './messages';

export interface AreaRoutesProps {
  /** The first path segment the host mounted this area at. */
  base: string;
}

/**
 * Spec 2.5 routes of the Finance area. The host mounts this area at /finance and at /etracker (`base`).
 * accounts/new and accounts/edit are not in the 2.5 list but the Accounts list links to them (2.10).
 */
const SCREENS: Record<string, string[]> = {
  finance: ['income', 'income/new', 'income/edit', 'mpesa', 'mpesa/allocate', 'accounts', 'accounts/new', 'accounts/edit', 'expenses', 'expenses/new', 'expenses/edit'],
  etracker: ['accounts', 'accounts/new'],
};

/** Statements and Budget show only 'Coming Soon' (spec 2.5): these are their final screens. */
const FINAL_COMING_SOON = ['statements', 'budgets'];
const LANDING: Record<string, string> = { finance: 'income', etracker: 'accounts' };

function ComingSoon() {
  const { pathname } = useLocation();
  return (
    <Result
      status="info"
      title={<FormattedMessage id="finance.comingSoon" />}
      subTitle={
        <>
          <FormattedMessage id="finance.comingSoonDetail" /> <code>{pathname}</code>
        </>
      }
    />
  );
}

function FinalComingSoon() {
  return <Result status="info" title={<FormattedMessage id="finance.comingSoon" />} />;
}

/** Placeholder screens until the Finance team delivers theirs: every route answers, none 404s. */
export default function AreaRoutes({ base }: AreaRoutesProps) {
  const screens = SCREENS[base] ?? [];
  const landing = LANDING[base];
  return (
    <AreaTexts messages={messages}>
      <Routes>
        {landing && <Route index element={<Navigate to={landing} replace />} />}
        {screens.map((path) => (
          <Route key={path} path={path} element={<ComingSoon />} />
        ))}
        {base === 'finance' && FINAL_COMING_SOON.map((path) => <Route key={path} path={path} element={<FinalComingSoon />} />)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
