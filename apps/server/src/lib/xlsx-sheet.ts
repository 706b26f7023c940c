// One chart's rows as an .xlsx workbook: a title row saying what was asked for, a header row,
// then one typed row per item, so a spreadsheet sums and sorts the figures as numbers.

export type SheetColumn = {
  key: string;
  header: string;
  /** 'amount': two decimals; 'count': whole numbers; 'text' as it is. */
  kind: 'text' | 'count' | 'amount';
  width?: number;
};

export type SheetRow = Record<string, string | number | null>;

export type Sheet = {
  /** The worksheet's tab (at most 31 characters, as spreadsheets allow). */
  name: string;
  /** The first row: the chart and the filter it was made with. */
  title: string;
  columns: SheetColumn[];
  rows: SheetRow[];
};

const FORMAT: Record<SheetColumn['kind'], string | undefined> = {
  text: undefined,
  count: '0',
  amount: '0.00',
};

/** Spreadsheets refuse these in a tab's name. */
const tabName = (name: string) =>
  name
    .replace(/[\\/*?:[\]]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet';

/**
 * Compressing is most of the time spent on a chart's few dozen rows, and saves only a few
 * kilobytes there, so small sheets are stored as they are; larger ones are compressed lightly.
 */
const zipOptions = (rows: number) =>
  rows <= STORED_ROWS
    ? { compression: 'STORE' as const }
    : { compression: 'DEFLATE' as const, compressionOptions: { level: 1 } };
const STORED_ROWS = 500;

export async function xlsxOf(sheet: Sheet): Promise<Buffer> {
  // Loaded at the first export, not at start: ExcelJS and its zip libraries cost each process
  // about half a second of a core to load (the API's and the embedded database's both), which
  // most processes never use.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SMT';
  const worksheet = workbook.addWorksheet(tabName(sheet.name));
  const title = worksheet.addRow([sheet.title]);
  title.font = { bold: true, size: 13 };
  worksheet.mergeCells(1, 1, 1, Math.max(1, sheet.columns.length));
  const header = worksheet.addRow(sheet.columns.map((column) => column.header));
  header.font = { bold: true };
  sheet.columns.forEach((column, index) => {
    const excelColumn = worksheet.getColumn(index + 1);
    excelColumn.width = column.width ?? Math.max(12, column.header.length + 2);
    const format = FORMAT[column.kind];
    if (format) excelColumn.numFmt = format;
  });
  for (const row of sheet.rows) {
    worksheet.addRow(
      sheet.columns.map((column) => {
        const value = row[column.key] ?? null;
        if (column.kind === 'text') return value === null ? '' : String(value);
        return value === null ? null : Number(value);
      }),
    );
  }
  worksheet.views = [{ state: 'frozen', ySplit: 2 }];
  return Buffer.from(await workbook.xlsx.writeBuffer({ zip: zipOptions(sheet.rows.length) }));
}
