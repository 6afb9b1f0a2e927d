import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32: one set of building blocks for the applicant's app. Every card-like choice is the one option card
 * (src/ui/choice-cards.tsx), every file field the one upload control (src/ui/upload-control.tsx),
 * every form label the one label style (src/app/layout.css `.field-label`). A second style of any of them, written
 * anywhere in src/ (but the back office's console, src/ops/) or widgets/, fails here.
 */

const root = join(import.meta.dirname, '../..');
const shared = {
  optionCard: 'src/ui/choice-cards.tsx',
  optionCardStyle: 'src/ui/choice-cards.css',
  uploadControl: 'src/ui/upload-control.tsx',
  uploadControlStyle: 'src/ui/upload-control.css',
  labelStyle: 'src/app/layout.css',
};

function filesUnder(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => extensions.some((extension) => path.endsWith(extension)) && !path.startsWith('src/ops/'));
}

const applicantFiles = (extensions: readonly string[]) => [...filesUnder('src', extensions), ...filesUnder('widgets', extensions)];
/** A source without its comments (block comments, and line comments on lines of their own). */
const read = (path: string) =>
  readFileSync(join(root, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** The files (but `except`) whose text matches `pattern`, with the first match: what a second style looks like. */
function writtenOutside(pattern: RegExp, extensions: readonly string[], except: readonly string[]): string[] {
  return applicantFiles(extensions)
    .filter((path) => !except.includes(relative(root, join(root, path))))
    .flatMap((path) => {
      const found = pattern.exec(read(path));
      return found ? [`${path}: ${found[0]}`] : [];
    });
}

/** CSS rules as selector and declarations, comments removed. */
function cssRules(path: string): { selector: string; body: string }[] {
  return [...read(path).matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({ selector: match[1]!.trim().replace(/\s+/g, ' '), body: match[2]! }));
}

describe('one option card', () => {
  it('only the shared option card draws a chosen state (aria-checked) or a radio/checkbox role of its own', () => {
    expect(writtenOutside(/aria-checked|role=\{?["'](radio|checkbox)["']/, ['.tsx'], [shared.optionCard])).toEqual([]);
    expect(writtenOutside(/\[aria-checked/, ['.css'], [shared.optionCardStyle])).toEqual([]);
  });

  it("none of the three earlier card styles is left (option-card, income-choice, bank-mode, antd's checkbox cards)", () => {
    const earlier = '(option-card|income-choice|bank-mode|checkbox-card)(?!s-(note|more))[\\w-]*';
    expect(writtenOutside(new RegExp(`className=[^>]*\\b${earlier}`), ['.tsx'], [])).toEqual([]);
    expect(writtenOutside(new RegExp(`\\.${earlier}`), ['.css'], [])).toEqual([]);
  });

  it('the shared card keeps its target and focus ring: at least 24 px high (52), a visible outline on focus', () => {
    const rules = cssRules(shared.optionCardStyle);
    expect(rules.find((rule) => rule.selector === '.choice-card')?.body).toMatch(/min-height:\s*52px/);
    expect(rules.find((rule) => rule.selector === '.choice-card:focus-visible')?.body).toMatch(/outline:\s*2px solid/);
  });
});

describe('one upload control', () => {
  it('only the upload control draws Choose and the file card; a file input only in the file field and the crop picker', () => {
    expect(writtenOutside(/\bupload-(choose|file|thumb)\b[\w-]*/, ['.tsx', '.css'], [shared.uploadControl, shared.uploadControlStyle, 'src/ui/upload-file-summary.tsx'])).toEqual([]);
    expect(writtenOutside(/type=["']file["']/, ['.tsx'], ['widgets/pdf-file/file-field.tsx', 'widgets/image-crop/use-image-pick.tsx'])).toEqual([]);
  });

  it('every widget that keeps a picked file shows it in the upload control (the signature: drawn or uploaded, its own)', () => {
    const keepers = applicantFiles(['-widget.tsx']).filter((path) => /keepPickedFile|<FileField\b/.test(read(path)));
    const outside = keepers.filter((path) => !/<(UploadControl|FileField)\b/.test(read(path)) && !path.startsWith('widgets/signature/'));
    expect(keepers.length).toBeGreaterThanOrEqual(3);
    expect(outside).toEqual([]);
  });
});

describe('one label style', () => {
  it("only layout.css's .field-label sets a label's or legend's type (weight, size)", () => {
    const styled = applicantFiles(['.css']).flatMap((path) =>
      cssRules(path)
        .filter(({ selector, body }) => /(^|[\s>+~,(])(label|legend)\b|field-label\b/.test(selector) && /font(-weight|-size)?\s*:/.test(body))
        .map(({ selector }) => `${path}: ${selector}`),
    );
    expect(styled).toEqual([`${shared.labelStyle}: .field-label`]);
  });

  it('every <label> and <legend> of a form wears the one class, but the boxes and choices whose text is the label itself', () => {
    const bare = applicantFiles(['.tsx']).flatMap((path) =>
      [...read(path).matchAll(/<(label|legend)\b([^>]*)>/g)]
        // A checkbox's or a radio's own text (the notice on /login), a slider's caption: not a question's label.
        .filter(([, , attributes]) => !/className=["{][^"}]*(field-label|visually-hidden|onboard-checkbox|preference-choice-option|image-crop-slider)|htmlFor="login-notice"/.test(attributes ?? ''))
        .map(([tag]) => `${path}: ${tag}`),
    );
    expect(bare).toEqual([]);
  });
});
