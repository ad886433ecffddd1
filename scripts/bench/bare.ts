// The reference server: plain node:http answering fixed bytes per path, run in its own process
// (as the app is) so the load generator never shares its event loop.
// Usage: node scripts/bench/bare.ts <port> <manifest.json>  — manifest: {path: {type, encoding, file}}
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [port, manifestFile] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
  string,
  { type: string; encoding: string; file: string }
>;
const answers = new Map(
  Object.entries(manifest).map(([path, { type, encoding, file }]) => [
    path,
    { type, encoding, body: readFileSync(file) },
  ]),
);

createServer((req, res) => {
  const answer = answers.get(req.url ?? '/');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': answer.type,
    'content-length': answer.body.length,
    ...(answer.encoding ? { 'content-encoding': answer.encoding } : {}),
  });
  res.end(answer.body);
}).listen(Number(port), '127.0.0.1', () => console.log('bare server ready'));
