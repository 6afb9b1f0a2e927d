import type { ScreenProps } from '../screen-props';
import { EvidenceText } from './evidence-text';

/** A regulatory text on a page of its own (the MITC at /mitc): public, linked from the eSign page and the kit. */
export function RegulatoryText({ copy, options }: ScreenProps) {
  return (
    <div className="screen regulatory-text">
      <EvidenceText copy={copy} options={options} level={1} id="evidence" />
    </div>
  );
}
