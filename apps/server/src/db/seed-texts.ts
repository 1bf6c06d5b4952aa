import fs from 'node:fs';
import path from 'node:path';
import { sanitizedFields } from '../lib/content-language.ts';
import type { TContentTexts } from './schema.ts';

/**
 * The demo content in other languages (issue 23): `seed-texts/<code>.json` per language, each keyed like `en.json`
 * (the base text, by its English title or name; a game by its <vendor>/<gameId>) by kind: announcements, help,
 * activities, mall, games, messages. The seed writes them into each row's `texts`, as `ops translate` (or, for a
 * message, `message send --texts`) would.
 */
type TKind = 'announcements' | 'help' | 'activities' | 'mall' | 'games' | 'messages';
type TFile = Record<TKind, Record<string, Record<string, string>>>;

const DIR = path.join(import.meta.dirname, 'seed-texts');
let files: [string, TFile][] | null = null;

function load(): [string, TFile][] {
  files ??= fs
    .readdirSync(DIR)
    .filter((f) => /^[a-z]+\.json$/.test(f) && f !== 'en.json')
    .map((f) => [f.slice(0, -5).toUpperCase(), JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as TFile]);
  return files;
}

/** The texts of one demo item in every language that has it (its key: the English title, or a game's handle), HTML sanitised. */
export function seedTexts(kind: TKind, title: string): TContentTexts {
  return Object.fromEntries(load().flatMap(([lang, file]) => (file[kind]?.[title] ? [[lang, sanitizedFields(file[kind][title])]] : [])));
}
