import type { Page } from '../browser';
import type { ServerWithDb } from '../fixtures';
import type { Seen } from './steps';

/** Screens off the golden path, for npm run screenshots (filled in below). */
export async function extraScreens(_page: Page, _env: ServerWithDb, _width: number, _seen: Seen): Promise<void> {}
