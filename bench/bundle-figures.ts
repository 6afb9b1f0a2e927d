import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultStaticDir } from '../server/app';

/** Gzip sizes of what the first page load fetches (index.html's references) and of all JS chunks. */
export function bundleFigures(dist = defaultStaticDir): void {
  const assets = join(dist, 'assets');
  try {
    statSync(assets);
  } catch {
    console.log('bundle: dist/ not built (npm run build), skipped');
    return;
  }
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file))).length / 1024;
  const initialKb = initial.reduce((sum, file) => sum + gz(file), 0);
  const chunks = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const totalKb = chunks.reduce((sum, file) => sum + gz(file), 0);
  console.log(`bundle: first load ${initialKb.toFixed(1)} KB gzip; all JS ${totalKb.toFixed(1)} KB gzip in ${chunks.length} chunks`);
}
