import { Button, Input } from 'antd';
import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { reuploadDocument } from '../../api/documents';
import { userDetailsAtom } from '../../state/account';
import { text } from '../../text/format';
import { useToast } from '../../ui/toast';

export interface DocumentReuploadProps {
  /** A rejected document step, e.g. pan_image_upload. */
  step: string;
  copy: Record<string, string>;
  /** Proof types to choose from when the step asks for one (income proof), value → label. */
  documentTypes?: readonly { value: string; label: string }[];
}

/** Spec: jpg, jpeg, png, doc, docx, txt and pdf; the server checks the content, never the name. */
const accept = '.jpg,.jpeg,.png,.doc,.docx,.txt,.pdf';

/** One rejected document: choose the file (and its type and password for a proof), upload; a failure clears the file. */
export function DocumentReupload({ step, copy, documentTypes }: DocumentReuploadProps) {
  const api = useApi();
  const toast = useToast();
  const setUser = useSetAtom(userDetailsAtom);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [documentType, setDocumentType] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `reupload-${step}`;

  const clear = () => {
    setFile(undefined);
    if (input.current) input.current.value = '';
  };
  const upload = async () => {
    if (!file || busy) return;
    setBusy(true);
    try {
      const saved = await reuploadDocument(api, file, { step, ...(documentType ? { documentType } : {}), ...(password ? { password } : {}) });
      setUser(saved.user);
      toast.success(saved.message);
    } catch (error) {
      // The document stays flagged: the applicant picks the file again.
      toast.error(errorText(error, text(copy, 'uploadFailed')));
      clear();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mod-document">
      <label className="onboard-field-label" htmlFor={id}>
        {text(copy, `upload.${step}`)}
      </label>
      <input id={id} ref={input} type="file" accept={accept} disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? undefined)} />
      {documentTypes ? (
        <>
          <label className="onboard-field-label" htmlFor={`${id}-type`}>
            {text(copy, 'documentType')}
          </label>
          <select id={`${id}-type`} className="mod-select" value={documentType} onChange={(e) => setDocumentType(e.target.value)}>
            <option value="">{text(copy, 'documentTypePlaceholder')}</option>
            {documentTypes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <label className="onboard-field-label" htmlFor={`${id}-password`}>
            {text(copy, 'password')}
          </label>
          <Input.Password id={`${id}-password`} value={password} autoComplete="off" onChange={(e) => setPassword(e.target.value)} />
        </>
      ) : null}
      <Button size="large" block disabled={!file || (!!documentTypes && !documentType)} loading={busy} onClick={() => void upload()}>
        {text(copy, 'upload')}
      </Button>
    </div>
  );
}
