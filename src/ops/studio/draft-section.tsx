import type { StudioDraftView } from '../../../core/api/types';
import { type OpsTextKey, t } from '../ops-texts';

/** What each section of a draft's page is given: the draft, its API path, whether the reader edits it, and where to report. */
export interface DraftSectionProps {
  view: StudioDraftView;
  /** The draft's API path. */
  path: string;
  /** False: read only (the draft is not being edited, or the reader may not edit). */
  editable: boolean;
  onSaved(view: StudioDraftView): void;
  onNotice(notice: { error: boolean; text: string }): void;
}

/** What the config check finds at one text, option or setting: shown with it, announced as it appears. */
export function FindingsAt({ findings }: { findings: readonly string[] }) {
  if (findings.length === 0) return null;
  return (
    <div role="alert" className="ops-error">
      {findings.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
    </div>
  );
}

/** A console text naming a language: the language's name marked with its `lang`, so it is drawn in its own script. */
export function NamingLanguage({ text, code, name }: { text: OpsTextKey; code: string; name: string }) {
  const [before = '', after = ''] = t(text, { language: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span lang={code}>{name}</span>
      {after}
    </>
  );
}
