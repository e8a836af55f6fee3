/** A record's own history on its edit screen (issue 26.2): written by helper D; a placeholder until then. */
export interface RecordHistoryProps {
  /** The resource's path: the history is read from `GET /<path>/{id}/activity`. */
  path: string;
  id: number;
}

export function RecordHistory(_props: RecordHistoryProps) {
  return null;
}
