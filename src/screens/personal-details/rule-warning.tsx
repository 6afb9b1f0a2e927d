import { Button, Modal } from 'antd';
import type { SegmentRule } from './options';

/** The warning for a broken segment rule (F&O with income below Rs 1 Lac): reselect the answer or drop the segment. */
export function RuleWarning({
  rule,
  onReselect,
  onRemove,
}: {
  rule: SegmentRule;
  onReselect: (rule: SegmentRule) => void;
  onRemove: (rule: SegmentRule) => void;
}) {
  // Mounted only while a rule is broken, so the dialog is gone the moment a choice is made.
  return (
    <Modal
      open
      title={rule.title}
      centered
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <div className="pd-warning-actions">
          <Button onClick={() => onRemove(rule)}>{rule.remove}</Button>
          <Button type="primary" onClick={() => onReselect(rule)}>
            {rule.reselect}
          </Button>
        </div>
      }
    >
      <p>{rule.message}</p>
    </Modal>
  );
}
