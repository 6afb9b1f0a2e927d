import { Button } from 'antd';
import { ResponsiveModal } from '../../ui/responsive-modal';
import type { RuleBreak } from './page-rules';

/**
 * A broken rule of the schema (F&O with income below Rs 1 Lac): the schema's own message, config's hint, and
 * the two ways out, reselecting the answer the rule looks at or removing what it forbids.
 */
export function RuleDialog({ broken, onReselect, onRemove }: { broken: RuleBreak; onReselect: () => void; onRemove: () => void }) {
  const { dialog, message } = broken;
  // Mounted only while a rule is broken, so the dialog is gone the moment a choice is made; a bottom drawer on phones.
  return (
    <ResponsiveModal
      open
      title={dialog.title}
      dismissible={false}
      onClose={() => undefined}
      footer={
        <div className="rule-dialog-actions">
          <Button onClick={onRemove}>{dialog.remove}</Button>
          <Button type="primary" onClick={onReselect}>
            {dialog.reselect}
          </Button>
        </div>
      }
    >
      <p>{message}</p>
      {dialog.hint ? <p>{dialog.hint}</p> : null}
    </ResponsiveModal>
  );
}
