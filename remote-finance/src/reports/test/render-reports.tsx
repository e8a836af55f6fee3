import { screen } from '@testing-library/react';
import { AreaTexts } from '@ushirika/shared/ui';
import { Routes } from 'react-router-dom';
import * as messages from '../../messages';
import { reportRoutes } from '../routes';

/**
 * The reports' screens as the area shows them, with the area's texts; mount at '/finance/*':
 * `renderWithApp(<ReportScreens />, { path: '/finance/budgets', route: '/finance/*' })`.
 */
export function ReportScreens() {
  return (
    <AreaTexts messages={messages}>
      <Routes>{reportRoutes()}</Routes>
    </AreaTexts>
  );
}

/**
 * A ky answer: awaitable (a download reads the response's headers and body) and with `.json()`/`.blob()`,
 * as the shared `api` client's calls give it. The reports' screen tests mock that client with jest.fn()s
 * (`jest.mock('@ushirika/shared/api', …)`) answering this.
 */
export function reply(value: unknown) {
  return Object.assign(Promise.resolve(value), { json: async () => value, blob: async () => value });
}

/** A refusal as ky gives it: the promise and its `.json()` fail with `error`. */
export function refusal(error: unknown) {
  const failed = Promise.reject(error);
  failed.catch(() => undefined);
  return Object.assign(failed, { json: () => failed, blob: () => failed });
}

/**
 * The button showing `text`. Found by its text, not by role and name: with a table on the page, jsdom computes
 * every element's accessible name from antd's styles, and one getByRole took seconds.
 */
export function buttonNamed(text: string): HTMLButtonElement {
  const button = screen.getByText(text, { selector: 'button, button *' }).closest('button');
  if (!button) throw new Error(`No button '${text}'`);
  return button;
}
