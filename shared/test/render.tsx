/**
 * Renders a screen the way the app does: AppProviders (language, theme, antd App for dialogs) inside
 * a router at `path`, with optional navigation state. Shows the current location in a test id, so a
 * test can see where a screen navigated.
 *
 * Importing this file also fails any test whose screen asks for a catalogue id that does not exist:
 * a user would see the raw id.
 */
// The jest-dom matchers (toBeInTheDocument, toHaveValue...) for every test file that imports this one.
import '@testing-library/jest-dom';
import { act, configure, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../src/ui';

/*
 * antd injects ~270 KB of CSS-in-JS, and jsdom's getComputedStyle matches all of it for every element
 * Testing Library checks for visibility: one getByRole took ~1.7 s. jsdom lays nothing out anyway, so
 * these tests skip the visibility and pointer-events checks and assert on what is rendered.
 */
// Formik validates asynchronously and antd renders slowly under load: give findBy/waitFor 5 s, not 1 s.
configure({ defaultHidden: true, asyncUtilTimeout: 5000 });
// A whole antd screen in jsdom takes seconds on a busy 2-core machine (CI's size); 5 s is too tight.
jest.setTimeout(30_000);

/** user-event without the (jsdom-expensive) pointer-events check; see above. */
export function setupUser() {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return Object.assign(user, {
    /**
     * Replaces the text of the field labelled `label` as a paste: one input event instead of one per
     * key, since every key re-renders a whole antd form, which jsdom does slowly.
     */
    async fill(label: string, text: string) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    },
  });
}

function Location() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export interface RenderOptions {
  /** The address the app opens at. */
  path?: string;
  /** Navigation state of that entry (how edit screens receive their record). */
  state?: unknown;
  /** The route pattern `ui` is mounted at, e.g. '/meetings/*' for an area's routes. */
  route?: string;
}

export function renderWithApp(ui: ReactElement, { path = '/', state, route = '*' }: RenderOptions = {}) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <AppProviders>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
        <Location />
      </AppProviders>
    </MemoryRouter>,
  );
}

/**
 * `renderWithApp` for a screen loaded when first shown (an area's form screens, the kit's resource forms:
 * `lazyScreen`): renders inside `act`, which returns once the screen's modules have arrived and it is drawn.
 */
export async function renderScreen(ui: ReactElement, options: RenderOptions = {}): Promise<RenderResult> {
  let rendered: RenderResult | undefined;
  await act(async () => {
    rendered = renderWithApp(ui, options);
  });
  return rendered!;
}

/** Waits until the app is at `path` (the router navigates in a transition, a moment after the click). */
export const expectPath = (path: string) => waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path));

let consoleError: jest.SpyInstance;
beforeEach(() => {
  const original = console.error.bind(console);
  consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => original(...args));
});
afterEach(() => {
  const missing = consoleError.mock.calls.map((args) => String(args[0])).filter((text) => text.includes('MISSING_TRANSLATION'));
  consoleError.mockRestore();
  expect(missing).toEqual([]);
});

/** The open dialog titled `title` ('Awesome!', 'Error!', or a confirmation's question). */
export const findDialog = (title: string) => screen.findByRole('dialog', { name: title });
