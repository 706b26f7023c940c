import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxOf } from './xlsx-sheet';

async function read(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer: the file's bytes, exactly.
  await workbook.xlsx.load(
    buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer,
  );
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsxOf', () => {
  it('should write the title, a header row and typed rows', async () => {
    const buffer = await xlsxOf({
      name: 'Saving per airline',
      title: 'Actual Saving per Airline, 2026-11-01 to 2026-11-24',
      columns: [
        { key: 'airline', header: 'Airline', kind: 'text' },
        { key: 'saving', header: 'Saving (USD)', kind: 'amount' },
        { key: 'count', header: 'Reprices', kind: 'count' },
      ],
      rows: [
        { airline: 'LY', saving: 120.5, count: 3 },
        { airline: '=HYPERLINK("x")', saving: null, count: 0 },
      ],
    });
    const sheet = await read(buffer);
    expect(sheet.name).toBe('Saving per airline');
    expect(sheet.getCell('A1').value).toBe('Actual Saving per Airline, 2026-11-01 to 2026-11-24');
    expect(sheet.getRow(2).values).toEqual([undefined, 'Airline', 'Saving (USD)', 'Reprices']);
    expect(sheet.getCell('A3').value).toBe('LY');
    expect(sheet.getCell('B3').value).toBe(120.5);
    expect(sheet.getCell('B3').numFmt).toBe('0.00');
    expect(sheet.getCell('C3').value).toBe(3);
    // A text cell stays text: no formula is written.
    expect(sheet.getCell('A4').value).toBe('=HYPERLINK("x")');
    expect(sheet.getCell('A4').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.rowCount).toBe(4);
  });

  it('should make a tab name a spreadsheet accepts', async () => {
    const sheet = await read(
      await xlsxOf({ name: 'Pending/Completed: by [group]?', title: 't', columns: [], rows: [] }),
    );
    expect(sheet.name).toBe('Pending Completed  by  group');
  });

  it('should store a small sheet and compress a large one, both readable', async () => {
    const sheetOf = (count: number) => ({
      name: 'Rows',
      title: 't',
      columns: [{ key: 'n', header: 'N', kind: 'count' as const }],
      rows: Array.from({ length: count }, (_, n) => ({ n })),
    });
    const small = await xlsxOf(sheetOf(10));
    const large = await xlsxOf(sheetOf(5000));
    expect((await read(small)).getCell('A12').value).toBe(9);
    expect((await read(large)).getCell('A5002').value).toBe(4999);
    // Stored: the sheet's XML can be read in the file's bytes as it is; compressed: it cannot.
    expect(small.includes('<sheetData>')).toBe(true);
    expect(large.includes('<sheetData>')).toBe(false);
  });
});
