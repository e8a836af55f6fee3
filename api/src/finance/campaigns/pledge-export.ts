import type { Campaign, Pledge } from '@ushirika/shared/contract';
import writeExcelFile, { type Cell } from 'write-excel-file/node';
import { CSV_BYTE_ORDER_MARK, csvLines, type CsvValue } from '../../http/csv';

/*
 * A campaign's per-contact list as a download (issue 30): CSV and XLSX with one layout (pledgeTable), so both
 * files hold the same rows: the campaign's heading block and figures, the column headings, one row per contact
 * in the list's order. Amounts are the database's exact decimal text (numeric cells in the workbook).
 */

/** The most rows one export holds: far beyond a campaign's contacts (20,000 in the benchmark). */
export const MAX_PLEDGE_EXPORT_ROWS = 100_000;

const COLUMNS = ['First name', 'Last name', 'Phone', 'Pledged', 'Paid', 'Balance', 'Fulfilled', 'Pledged on'] as const;
const WIDTHS = [18, 18, 16, 16, 16, 16, 10, 12];

type ExportCell = { text: string } | { amount: string } | null;
interface ExportRow {
  cells: readonly ExportCell[];
  bold?: boolean;
}

const text = (value: string): ExportCell => ({ text: value });
const amount = (value: string): ExportCell => ({ amount: value });

/** The campaign and its contacts as rows of cells: what both files hold. */
export function pledgeTable(campaign: Campaign, pledges: readonly Pledge[]): ExportRow[] {
  const figure = (label: string, value: string): ExportRow => ({ cells: [text(label), amount(value)] });
  return [
    { cells: [text(campaign.Partner.name)], bold: true },
    { cells: [text(`Campaign: ${campaign.name}`)], bold: true },
    { cells: [text(`Dates: ${campaign.startDate} to ${campaign.endDate}`)] },
    figure('Target', campaign.target),
    figure('Pledged', campaign.pledged),
    figure('Paid', campaign.paid),
    figure('Balance', campaign.balance),
    { cells: [] },
    { cells: COLUMNS.map(text), bold: true },
    ...pledges.map((pledge): ExportRow => ({
      cells: [
        text(pledge.firstName),
        text(pledge.lastName),
        text(pledge.phone),
        amount(pledge.pledged),
        amount(pledge.paid),
        amount(pledge.balance),
        text(pledge.fulfilled ? 'Yes' : 'No'),
        pledge.pledgedAt === null ? null : text(pledge.pledgedAt.slice(0, 10)),
      ],
    })),
  ];
}

/** The list as CSV (the one CSV writer: UTF-8 with BOM, CRLF, people's text defused). */
export function pledgesCsv(campaign: Campaign, pledges: readonly Pledge[]): string {
  const table = pledgeTable(campaign, pledges).map(({ cells }) => cells.map((cell): CsvValue => (cell === null || 'amount' in cell ? cell : cell.text)));
  return CSV_BYTE_ORDER_MARK + csvLines(table);
}

/** The list as an XLSX workbook of one sheet; amounts are numeric cells (numeric(16,2) round-trips through a double). */
export function pledgesXlsx(campaign: Campaign, pledges: readonly Pledge[]): Promise<Buffer> {
  const rows = pledgeTable(campaign, pledges).map(({ cells, bold }) =>
    cells.map((cell): Cell => {
      const fontWeight = bold ? 'bold' : undefined;
      if (cell === null) return null;
      if ('amount' in cell) return { value: Number(cell.amount), type: Number, format: '#,##0.00', fontWeight };
      return { value: cell.text, type: String, fontWeight };
    }),
  );
  return writeExcelFile(rows, { sheet: 'Pledges', columns: WIDTHS.map((width) => ({ width })) }).toBuffer();
}

/** pledges-<campaign>.<extension>, the name in ASCII letters and digits (its id when none are left). */
export function pledgesFileName(campaign: Campaign, extension: 'csv' | 'xlsx'): string {
  const slug = campaign.name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `pledges-${slug || campaign.id}.${extension}`;
}
