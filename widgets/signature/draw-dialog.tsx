import { Alert, Button } from 'antd';
import { useCallback, useState } from 'react';
import { ResponsiveModal } from '../../src/renderer/public-api/dialog';
import { padToFile, SignaturePadCanvas, type Pad } from './signature-pad-canvas';

export interface DrawTexts {
  title: string;
  canvas: string;
  close: string;
  clear: string;
  upload: string;
  empty: string;
  failed: string;
}

/** 'Draw Signature': a pad with Close, Clear and Upload; Upload hands over the JPEG. */
export function DrawDialog({ open, texts, onClose, onDrawn }: { open: boolean; texts: DrawTexts; onClose: () => void; onDrawn: (file: File) => void }) {
  const [pad, setPad] = useState<Pad | null>(null);
  const [error, setError] = useState<string | undefined>();
  const ready = useCallback((next: Pad | null) => setPad(next), []);

  const upload = async (): Promise<void> => {
    if (!pad || pad.pad.isEmpty()) {
      setError(texts.empty);
      return;
    }
    const file = await padToFile(pad);
    if (!file) {
      setError(texts.failed);
      return;
    }
    setError(undefined);
    onDrawn(file);
  };

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
          <Button
            size="large"
            onClick={() => {
              pad?.pad.clear();
              setError(undefined);
            }}
          >
            {texts.clear}
          </Button>
          <Button type="primary" size="large" onClick={() => void upload()}>
            {texts.upload}
          </Button>
        </div>
      }
    >
      <SignaturePadCanvas label={texts.canvas} onReady={ready} />
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </ResponsiveModal>
  );
}
