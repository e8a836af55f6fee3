import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { personPagePath } from '@ushirika/shared/contract';

export interface PersonLinkProps {
  /** The contact's id; null or undefined shows the text alone (a payer who is no contact). */
  id: number | null | undefined;
  children: ReactNode;
}

/** A contact's name wherever a list names one: it opens the person's page (issue 28.1). */
export function PersonLink({ id, children }: PersonLinkProps) {
  if (id === null || id === undefined) return <>{children}</>;
  return <Link to={personPagePath(id)}>{children}</Link>;
}
