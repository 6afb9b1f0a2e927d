import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { sandboxTexts as t } from './sandbox-texts';

type CameraState = { kind: 'starting' } | { kind: 'live' } | { kind: 'captured'; photo: string } | { kind: 'failed'; message: string };

/** getUserMedia's failures in plain words: no camera, permission refused, or a camera that would not start. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return t.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return t.noCamera;
  return t.cameraBusy;
}

function stop(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** One frame of the live video as a JPEG data URL, or undefined when the browser cannot draw it. */
function grab(video: HTMLVideoElement): string | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const photo = canvas.toDataURL('image/jpeg', 0.9);
  return photo.startsWith('data:image/') ? photo : undefined;
}

/** The live camera with Capture (then Retake); `onPhoto` gets the captured frame, or null when it is dropped. */
export function SelfieCamera({ onPhoto }: { onPhoto: (photo: string | null) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let gone = false;
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setState({ kind: 'failed', message: t.noCamera });
      return;
    }
    setState({ kind: 'starting' });
    media
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then(async (opened) => {
        if (gone) return stop(opened);
        stream.current = opened;
        const element = video.current;
        if (element) {
          element.srcObject = opened;
          // Live once frames flow, so Capture never grabs a blank frame. jsdom's play() returns no promise.
          await Promise.resolve(element.play?.()).catch(() => undefined);
        }
        if (!gone) setState({ kind: 'live' });
      })
      .catch((error: unknown) => {
        if (!gone) setState({ kind: 'failed', message: cameraProblem(error) });
      });
    return () => {
      gone = true;
      stop(stream.current);
      stream.current = null;
    };
  }, [round]);

  const capture = () => {
    const photo = video.current ? grab(video.current) : undefined;
    if (!photo) return setState({ kind: 'failed', message: t.captureFailed });
    setState({ kind: 'captured', photo });
    onPhoto(photo);
  };
  const retake = () => {
    onPhoto(null);
    if (state.kind === 'captured') return setState({ kind: 'live' });
    setRound((value) => value + 1);
  };

  return (
    <div className="selfie-camera">
      <div className="selfie-frame">
        <video ref={video} aria-label={t.cameraLabel} muted playsInline hidden={state.kind !== 'live'} />
        {state.kind === 'captured' ? <img src={state.photo} alt={t.capturedAlt} /> : null}
        {state.kind === 'starting' ? <p className="selfie-status">{t.cameraStarting}</p> : null}
        {state.kind === 'failed' ? (
          <p className="selfie-status selfie-error" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
      {state.kind === 'live' ? (
        <Button onClick={capture} block>
          {t.capture}
        </Button>
      ) : null}
      {state.kind === 'captured' || state.kind === 'failed' ? (
        <Button onClick={retake} block>
          {t.retake}
        </Button>
      ) : null}
    </div>
  );
}
