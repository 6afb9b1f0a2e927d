import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { type Bank, type Branch, searchBranches, useApi } from '../../src/renderer/public-api/reference-data';
import { readableAddress } from './readable-address';

export interface BranchPickerProps {
  id: string;
  bank: Bank;
  label: string;
  placeholder: string;
  noResults: string;
  maxLength: number;
  disabled: boolean;
  onPick: (branch: Branch) => void;
}

/** Step 2: a branch of the chosen bank by IFSC prefix, or words of its name, address or city. */
export function BranchPicker({ id, bank, label, placeholder, noResults, maxLength, disabled, onPick }: BranchPickerProps) {
  const api = useApi();
  const [query, setQuery] = useState('');
  const [branches, setBranches] = useState<Branch[] | undefined>();

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return setBranches(undefined);
    let current = true;
    // Typing fast sends one search, 250 ms after the last key.
    const timer = setTimeout(() => {
      searchBranches(api, bank.code, q)
        .then((found) => current && setBranches(found))
        .catch(() => current && setBranches([]));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, bank.code, query]);

  return (
    <div className="branch-picker">
      <label className="field-label onboard-field-label" htmlFor={id}>
        {label}
      </label>
      <Input
        id={id}
        value={query}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value.toUpperCase())}
      />
      {branches ? (
        <ul className="bank-list" aria-label={label}>
          {branches.map((branch) => (
            <li key={branch.ifsc}>
              <button type="button" className="bank-option" disabled={disabled} onClick={() => onPick(branch)}>
                <span>{branch.name || readableAddress(branch)}</span>
                <small>{branch.ifsc}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {branches?.length === 0 ? <p className="bank-empty">{noResults}</p> : null}
    </div>
  );
}
