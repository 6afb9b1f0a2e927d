import { useEffect, useState } from 'react';
import { format } from '../text/format';
import { usePreview } from './use-preview';
import { pdfPageCount, sizeText } from './pdf-check';

// The chosen file as the upload control shows it: a thumbnail or a type tile, and its size and pages.

const isImage = (file: File) => file.type.startsWith('image/');
const extension = (file: File) => (/\.([a-z0-9]{1,4})$/i.exec(file.name)?.[1] ?? 'file').toUpperCase();

/** A thumbnail of an image; a labelled tile with the file's type for anything else. */
export function FileThumb({ file, alt = '' }: { file: File; alt?: string | undefined }) {
  const preview = usePreview(isImage(file) ? file : undefined);
  if (preview) return <img className="upload-thumb" src={preview} alt={alt} />;
  return (
    <span className="upload-thumb upload-thumb-type" aria-hidden="true">
      {extension(file)}
    </span>
  );
}

/** '1.2 MB · 3 pages' for a PDF whose page tree could be read, else the size alone. */
export function FileFacts({ file, pages, onePage }: { file: File; pages: string; onePage: string }) {
  const [count, setCount] = useState<number | undefined>();
  useEffect(() => {
    let current = true;
    setCount(undefined);
    if (file.type === 'application/pdf' || /\.pdf$/i.test(file.name)) {
      void pdfPageCount(file)
        .then((found) => current && setCount(found))
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [file]);
  const facts = [sizeText(file.size), count === undefined ? undefined : count === 1 ? onePage : format(pages, { count })];
  return <span className="upload-file-facts">{facts.filter(Boolean).join(' · ')}</span>;
}
