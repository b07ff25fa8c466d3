import { describe, expect, it } from 'vitest';
import { RowPacker, unpackRows } from './packed-rows.js';
import type { CellValue } from './xlsx-messages.js';

const unpacked = (packer: RowPacker) => {
  const rows: CellValue[][] = [];
  unpackRows(packer.take().rows, (values) => rows.push(values));
  return rows;
};

describe('packed rows', () => {
  it('gives back every row as added: text, numbers, dates and empty cells, rows of any length', () => {
    const packer = new RowPacker();
    const rows: CellValue[][] = [
      ['Anna', 'Bērziņa', 0, -1.5, new Date(Date.UTC(2026, 10, 24, 8, 30)), null, ''],
      [],
      [null, 'Pabeigts', 'Pabeigts', new Date(0), 2 ** 40],
    ];
    for (const row of rows) packer.add(row);
    expect([packer.rows, packer.cells]).toEqual([3, 12]);
    expect(unpacked(packer)).toEqual(rows);
  });

  it('sends each distinct text of a batch once, and starts the next batch empty', () => {
    const packer = new RowPacker();
    for (let index = 0; index < 100; index++) packer.add([`person ${index % 3}`, 'Pabeigts', index]);
    const { rows, transfer } = packer.take();
    expect(rows.texts).toEqual(['person 0', 'Pabeigts', 'person 1', 'person 2']);
    expect(rows.rowEnds).toHaveLength(100);
    expect(transfer).toEqual([rows.kinds.buffer, rows.numbers.buffer, rows.rowEnds.buffer]);
    expect([packer.rows, packer.cells]).toEqual([0, 0]);
    packer.add(['next']);
    expect(unpacked(packer)).toEqual([['next']]);
  });
});
