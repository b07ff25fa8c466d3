// The limit of the bench: a bare node:http server answering a small JSON, nothing else. With BODY_FILE it answers
// that file's bytes instead: the limit for an answer of that size.
import fs from 'node:fs';
import http from 'node:http';

const body = process.env.BODY_FILE ? fs.readFileSync(process.env.BODY_FILE) : JSON.stringify({ result: 'pong' });
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
