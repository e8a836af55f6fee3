import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { LoginResponse, SessionUser } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { AppProviders } from '@ushirika/shared/ui';

/** Renders inside the real providers (English catalogue, theme) and a memory router at `path`. */
export function renderAt(path: string, ui: ReactElement): RenderResult {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** Shows the current path, so a test can see where a redirect went. */
export function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** `ui` at `path`, plus a /login marker route. */
export function withLoginRoute(ui: ReactElement) {
  return (
    <>
      <Routes>
        <Route path="/login" element={<p>login screen</p>} />
        <Route path="*" element={ui} />
      </Routes>
      <CurrentPath />
    </>
  );
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token (unsigned: the client never verifies) expiring `secondsFromNow` from now. */
export function tokenExpiringIn(secondsFromNow: number): string {
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${base64Url(JSON.stringify({ alg: 'HS256' }))}.${base64Url(JSON.stringify({ sub: '1', tenantid: 7, exp }))}.signature`;
}

export function demoUser(product = 'general'): SessionUser {
  return { firstName: 'Jane', lastName: 'Wanjiru', email: 'jane@grace.test', Partner: { id: 7, name: 'Grace Chapel', product, country: 'KE' } };
}

export function signIn(product = 'general', secondsFromNow = 3600): LoginResponse {
  const response = { access_token: tokenExpiringIn(secondsFromNow), user: demoUser(product) };
  useSession.getState().login(response);
  return response;
}

export function resetStores(): void {
  localStorage.clear();
  useSession.setState({ user: null, access_token: null, authenticated: false });
}
