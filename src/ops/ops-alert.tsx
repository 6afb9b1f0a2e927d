/** An error line the screen reader announces at once; nothing when there is none. */
export function OpsAlert({ text }: { text: string | null }) {
  return text ? (
    <p className="ops-error" role="alert">
      {text}
    </p>
  ) : null;
}
