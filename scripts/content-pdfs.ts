/**
 * Builds the PDFs of the content folder from their source text:
 *   content/help/<guide>.<lang>.md              -> content/help/pdf/<guide>-<lang>.pdf   (served at /files/help/)
 *   content/resources/pdf-src/<name>.<lang>.md  -> content/resources/pdf/<lang>/<name>.pdf (served at /files/resources/pdf/)
 *
 * Run `npx tsx scripts/content-pdfs.ts` after editing a source; `--check` only reports stale PDFs (exit 1).
 * The source is a small Markdown subset: `# title`, `## heading`, paragraphs, `- bullets`, `1. steps`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const ACCENT = '#0f5c4c';
const TEXT = '#1f2933';
/** A fixed date keeps the output byte-for-byte reproducible, so a test can tell a stale PDF. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

type Block = { kind: 'title' | 'heading' | 'paragraph'; text: string } | { kind: 'bullets' | 'steps'; items: string[] };

/** Parses the Markdown subset into blocks; anything else is a paragraph. */
export function parseSource(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const list = /^(-|\d+\.)\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (line.startsWith('# ')) {
      flush();
      blocks.push({ kind: 'title', text: line.slice(2) });
    } else if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'heading', text: line.slice(3) });
    } else if (list) {
      flush();
      const kind = list[1] === '-' ? 'bullets' : 'steps';
      const last = blocks.at(-1);
      if (last && last.kind === kind) last.items.push(list[2]!);
      else blocks.push({ kind, items: [list[2]!] });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Renders one source text to a PDF (A4, embedded DejaVu Sans for every Baltic letter). */
export function renderPdf(source: string, footer: string): Promise<Buffer> {
  const blocks = parseSource(source);
  const title = blocks.find((b) => b.kind === 'title');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 60, right: 60 },
    info: {
      Title: title && 'text' in title ? title.text : footer,
      Author: 'Learning portal',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 120;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        doc.rect(60, 40, 48, 4).fill(ACCENT);
        doc.font('bold').fontSize(20).fillColor(TEXT).text(block.text, 60, 56, { width });
        doc.moveDown(0.6);
        break;
      case 'heading':
        doc.moveDown(0.5);
        doc.font('bold').fontSize(13).fillColor(ACCENT).text(block.text, { width });
        doc.moveDown(0.25);
        break;
      case 'paragraph':
        doc.font('body').fontSize(10.5).fillColor(TEXT).text(block.text, { width, lineGap: 2 });
        doc.moveDown(0.5);
        break;
      case 'bullets':
      case 'steps':
        doc
          .font('body')
          .fontSize(10.5)
          .fillColor(TEXT)
          .list(block.items, {
            width,
            lineGap: 2,
            listType: block.kind === 'steps' ? 'numbered' : 'bullet',
            bulletRadius: 2,
            textIndent: 14,
            bulletIndent: 4,
          });
        doc.moveDown(0.5);
        break;
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#6b7280')
      .text(`${footer} · ${i + 1}/${range.count}`, 60, doc.page.height - 44, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

export interface PdfJob {
  source: string;
  target: string;
  footer: string;
}

const FOOTERS: Record<string, string> = {
  lv: 'Mācību portāls',
  lt: 'Mokymosi portalas',
  ee: 'Õppeportaal',
  en: 'Learning portal',
};

/** Every PDF the content folder should hold, from its sources. */
export function pdfJobs(base = root): PdfJob[] {
  const jobs: PdfJob[] = [];
  const help = path.join(base, 'content/help');
  for (const file of fs
    .readdirSync(help)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const [, name, lang] = /^(.+)\.([a-z]{2})\.md$/.exec(file) ?? [];
    if (!name || !lang) throw new Error(`content/help/${file}: name it <guide>.<lang>.md`);
    jobs.push({
      source: path.join(help, file),
      target: path.join(help, 'pdf', `${name}-${lang}.pdf`),
      footer: FOOTERS[lang] ?? '',
    });
  }
  const resources = path.join(base, 'content/resources/pdf-src');
  for (const file of fs
    .readdirSync(resources)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const [, name, lang] = /^(.+)\.([a-z]{2})\.md$/.exec(file) ?? [];
    if (!name || !lang) throw new Error(`content/resources/pdf-src/${file}: name it <name>.<lang>.md`);
    jobs.push({
      source: path.join(resources, file),
      target: path.join(base, 'content/resources/pdf', lang, `${name}.pdf`),
      footer: FOOTERS[lang] ?? '',
    });
  }
  return jobs;
}

/** Writes every PDF (or, with check, only lists the stale ones). Returns the paths that differ. */
export async function buildPdfs(options: { check?: boolean; base?: string } = {}): Promise<string[]> {
  const stale: string[] = [];
  for (const job of pdfJobs(options.base)) {
    const pdf = await renderPdf(fs.readFileSync(job.source, 'utf8'), job.footer);
    const current = fs.existsSync(job.target) ? fs.readFileSync(job.target) : null;
    if (current && current.equals(pdf)) continue;
    stale.push(path.relative(options.base ?? root, job.target));
    if (!options.check) {
      fs.mkdirSync(path.dirname(job.target), { recursive: true });
      fs.writeFileSync(job.target, pdf);
    }
  }
  return stale;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = await buildPdfs({ check });
  if (check && stale.length) {
    console.error(`Stale PDFs (run npx tsx scripts/content-pdfs.ts):\n${stale.join('\n')}`);
    process.exit(1);
  }
  console.log(stale.length ? `${check ? 'stale' : 'wrote'}: ${stale.join(', ')}` : 'all PDFs up to date');
}
