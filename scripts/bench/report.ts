// The bench's table: every figure with its budget and pass/fail.

export interface Row {
  section: string;
  measure: string;
  figure: string;
  /** Empty when the figure has no budget. */
  budget: string;
  /** null: no budget (or not measured). */
  pass: boolean | null;
}

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : 'FAIL');

/**
 * A ratio that has a lower budget, rounded down to two decimals: one under its budget never prints as the budget itself
 * (0.596× as 0.59×, not 0.60×, beside a FAIL). The nudge keeps 0.29, which is 28.999… hundredths in binary, at 0.29.
 */
export const flooredRatio = (ratio: number): string => (Math.floor(ratio * 100 + 1e-9) / 100).toFixed(2);

/** Prints the rows as a Markdown table (docs/performance.md shows the same table). */
export function printTable(rows: Row[], options: { title: string; footer: string }): void {
  const header = ['', 'measure', 'figure', 'budget', 'result'];
  const body = rows.map((r, i) => [String(i + 1), r.measure, r.figure, r.budget, verdict(r.pass)]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((line) => line[c]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  console.log(`\n${options.title}\n`);
  let section = '';
  const out = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`];
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]!.section !== section) {
      section = rows[i]!.section;
      out.push(line(['', `**${section}**`, '', '', '']));
    }
    out.push(line(body[i]!));
  }
  console.log(out.join('\n'));
  console.log(`\n${options.footer}\n`);
}
