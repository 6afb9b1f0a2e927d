import { Button } from 'antd';
import { ResponsiveModal } from '../../src/renderer/public-api/dialog';

export interface GuidelinesTexts {
  title: string;
  lines: readonly string[];
  choose: string;
  close: string;
}

/** 'Upload Signature' first shows how to photograph a signature, then opens the file picker. */
export function GuidelinesDialog({ open, texts, onClose, onChoose }: { open: boolean; texts: GuidelinesTexts; onClose: () => void; onChoose: () => void }) {
  return (
    <ResponsiveModal
      open={open}
      title={texts.title}
      onClose={onClose}
      footer={
        <div className="signature-actions">
          <Button size="large" onClick={onClose}>
            {texts.close}
          </Button>
          <Button type="primary" size="large" onClick={onChoose}>
            {texts.choose}
          </Button>
        </div>
      }
    >
      <ul className="signature-guidelines">
        {texts.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ResponsiveModal>
  );
}
