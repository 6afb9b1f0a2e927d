import { Input } from 'antd';
import Fuse from 'fuse.js';
import { useMemo, useState } from 'react';
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
}

/** Step 1: the popular banks, or a fuzzy search over every bank on name and code. */
export function BankPicker({ id, banks, label, placeholder, popularTitle, noResults, unnamed, limit, disabled, onPick }: BankPickerProps) {
  const [query, setQuery] = useState('');
  const fuse = useMemo(() => new Fuse(banks, { keys: ['name', 'code'], threshold: 0.35, ignoreLocation: true }), [banks]);
  const popular = useMemo(() => popularBanks.oneOf.map((bank) => ({ code: bank.const, name: bank.title })), []);
  const found = query.trim() ? fuse.search(query.trim(), { limit }).map((result) => result.item) : undefined;
  const shown = found ?? popular;

  return (
    <div className="bank-picker">
      <label className="onboard-field-label" htmlFor={id}>
        {label}
      </label>
      <Input id={id} value={query} placeholder={placeholder} disabled={disabled} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      {found ? null : <p className="bank-list-title">{popularTitle}</p>}
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
