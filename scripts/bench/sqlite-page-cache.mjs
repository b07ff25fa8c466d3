// What a write on another connection costs SQLite's reads (docs/benchmarks.md): in WAL mode a connection that finds
// the database changed by another one empties its whole page cache before it reads. Times a person's results read
// (the course list's query) on one connection, without writes elsewhere and with a one-row write on a second
// connection before each read, with SQLite's page cache as the server sets it and, optionally, with mmap.
// Usage: node scripts/bench/sqlite-page-cache.mjs /tmp/portal-bench-large.sqlite [mmap bytes]
// It works on a copy of the file in a temp folder, removed after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const [source, mmapBytes = '0'] = process.argv.slice(2);
if (!source || !fs.existsSync(source)) {
  console.error('usage: node scripts/bench/sqlite-page-cache.mjs <sqlite file> [mmap bytes]');
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-page-cache-'));
const file = path.join(dir, 'copy.sqlite');
fs.copyFileSync(source, file);
try {
  const [reader, writer] = [new SQLite(file), new SQLite(file)];
  for (const connection of [reader, writer]) {
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    connection.pragma('cache_size = -65536');
    connection.pragma(`mmap_size = ${Number(mmapBytes)}`);
  }
  writer.exec('create table scratch (id integer primary key, n integer); insert into scratch values (1, 0)');
  const ids = reader
    .prepare('select id from users order by id')
    .all()
    .map((row) => row.id);
  const people = Array.from({ length: 2000 }, (_, i) => ids[(i * 7919) % ids.length]);
  const read = reader.prepare(
    'select json_group_array(course_alias), json_group_array(complete), json_group_array(finish_time) from course_results where user_id = ?',
  );
  const write = writer.prepare('update scratch set n = n + 1 where id = 1');
  const measure = (writesElsewhere) => {
    for (const id of people) read.get(id);
    let readNs = 0n;
    for (let round = 0; round < 3; round++) {
      for (const id of people) {
        if (writesElsewhere) write.run();
        const start = process.hrtime.bigint();
        read.get(id);
        readNs += process.hrtime.bigint() - start;
      }
    }
    return Number(readNs) / 1000 / (3 * people.length);
  };
  const quiet = measure(false);
  const written = measure(true);
  console.log(
    `mmap_size ${mmapBytes}: a person's results read ${quiet.toFixed(1)} µs; after a write on another connection ${written.toFixed(1)} µs`,
  );
  reader.close();
  writer.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
