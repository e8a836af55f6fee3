import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { CurrentPath, renderAt, resetStores, signIn } from '../testing/render';
import { DefaultDashboard } from './DefaultDashboard';

function renderDefault() {
  renderAt(
    '/dashboard/default',
    <>
      <Routes>
        <Route path="/dashboard/default" element={<DefaultDashboard />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentPath />
    </>,
  );
}

beforeEach(resetStores);

describe('/dashboard/default', () => {
  it('resolves to the messaging/giving dashboard for the general product', () => {
    signIn('general');
    renderDefault();
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/home');
  });

  it('resolves to the money dashboard for the etracker product', () => {
    signIn('etracker');
    renderDefault();
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/etracker');
  });
});
