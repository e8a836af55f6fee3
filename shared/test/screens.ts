/**
 * What the spec says a screen shows, checked the same way in every area's screen test: a list's heading, add
 * button and columns in order; a form's heading and field labels in order.
 */
import { screen } from '@testing-library/react';

export function expectListScreen(title: string, add: string, columns: string[]): void {
  expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: add })).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(columns);
}

export function expectFormScreen(container: HTMLElement, title: string, fields: string[]): void {
  expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  // The fields' own labels, not those inside an input (a checkbox's, a radio group's choices).
  expect([...container.querySelectorAll('form .ant-form-item-label label')].map((label) => label.textContent)).toEqual(fields);
}
