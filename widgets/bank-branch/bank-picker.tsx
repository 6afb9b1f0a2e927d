import { Input } from 'antd';
import Fuse from 'fuse.js';
import { useEffect, useMemo, useState } from 'react';
import { format } from '../../src/renderer/public-api/fields';
import { type Bank } from '../../src/renderer/public-api/reference-data';
import popularBanks from '../../schemas/lists/popular-banks.json';

export interface BankPickerProps {
  id: string;
  banks: Bank[];
  label: string;
  placeholder: string;
  popularTitle: string;
  noResults: string;
  /** The label of a bank named by its code alone ('{code}'). */
  unnamed: string;
  limit: number;
  disabled: boolean;
  onPick: (bank: Bank) => void;
  /** A whole IFSC was typed: finds its branch (and picks its bank); false when there is none. */
  findByIfsc: (ifsc: string) => Promise<boolean>;
}

/** An IFSC: four letters, a zero, six letters or digits (RBI). */
const ifscPattern = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Step 1: the popular banks, or a fuzzy search over every bank on name and code; a whole IFSC finds its branch. */
export function BankPicker({ id, banks, label, placeholder, popularTitle, noResults, unnamed, limit, disabled, onPick, findByIfsc }: BankPickerProps) {
  const [query, setQuery] = useState('');
  const [missingIfsc, setMissingIfsc] = useState<string>();
  const fuse = useMemo(() => new Fuse(banks, { keys: ['name', 'code'], threshold: 0.35, ignoreLocation: true }), [banks]);
  const popular = useMemo(() => popularBanks.oneOf.map((bank) => ({ code: bank.const, name: bank.title })), []);
  const ifsc = query.trim().toUpperCase();
  const isIfsc = ifscPattern.test(ifsc);
  useEffect(() => {
    if (!isIfsc || banks.length === 0) return;
    let current = true;
    void findByIfsc(ifsc).then((found) => current && !found && setMissingIfsc(ifsc));
    return () => {
      current = false;
    };
  }, [ifsc, isIfsc, banks, findByIfsc]);
  const found = isIfsc ? (missingIfsc === ifsc ? [] : undefined) : query.trim() ? fuse.search(query.trim(), { limit }).map((result) => result.item) : undefined;
  const shown = found ?? (isIfsc ? [] : popular);

  return (
    <div className="bank-picker">
      <label className="field-label onboard-field-label" htmlFor={id}>
        {label}
      </label>
      <Input id={id} value={query} placeholder={placeholder} disabled={disabled} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      {found || isIfsc ? null : <p className="bank-list-title">{popularTitle}</p>}
      <ul className="bank-list" aria-label={found ? label : popularTitle}>
        {shown.map((bank) => (
          <li key={bank.code}>
            <button type="button" className="bank-option" disabled={disabled} onClick={() => onPick(bank)}>
              <span>{bankLabel(bank, unnamed)}</span>
              <small>{bank.code}</small>
            </button>
          </li>
        ))}
      </ul>
      {found && found.length === 0 ? <p className="bank-empty">{noResults}</p> : null}
    </div>
  );
}

/** A bank's name; one the data names by its code alone ('GSSB') reads as what it is ('Bank with IFSC code GSSB'). */
export function bankLabel(bank: Bank, unnamed: string): string {
  return bank.name === bank.code ? format(unnamed, { code: bank.code }) : bank.name;
}
