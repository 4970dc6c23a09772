#!/usr/bin/env node
// The instant a CI run of a commit plays the salon's day at (`TEST_AT`, through libfaketime): a
// day of 2027 and one of seven moments of it in Lima, both taken from the commit's hash, so every
// commit tests another weekday and hour and any failure is reproducible with the same TEST_AT.
// Moments: night, the first minutes of the day's hours, midday, just before closing, evening,
// eight minutes before midnight, and a month's last day just before midnight.
//   node scripts/test-at.mjs [commit-hash]   (default: git rev-parse HEAD)
import { execFileSync } from 'node:child_process';

const LIMA = '-05:00';
const MOMENTS = ['03:10', '09:05', '12:30', '16:55', '20:40', '23:52'];

const hash =
  process.argv[2] ?? execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
if (!/^[0-9a-f]{7,40}$/i.test(hash)) {
  console.error(`!!! not a commit hash: ${hash}`);
  process.exit(2);
}
const n = Number.parseInt(hash.slice(0, 8), 16);
const kind = n % (MOMENTS.length + 1);
const pad = (v) => String(v).padStart(2, '0');
let day;
let time;
if (kind === MOMENTS.length) {
  // A month's last day: the day before the first of the next month.
  const month = (n >>> 3) % 12;
  day = new Date(Date.UTC(2027, month + 1, 0));
  time = '23:50';
} else {
  day = new Date(Date.UTC(2027, 0, 1 + ((n >>> 3) % 365)));
  time = MOMENTS[kind];
}
const ymd = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
console.log(`${ymd}T${time}:00${LIMA}`);
