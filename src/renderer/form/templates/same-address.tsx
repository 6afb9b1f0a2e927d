import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import type { UserDetails } from '../../../../core/api/types';
import { userDetailsAtom } from '../../../state/account';
import { useObjectPatch } from './object-field';

type Address = NonNullable<UserDetails['address']>;
const addressParts: readonly (keyof Address)[] = ['line1', 'line2', 'pincode', 'city', 'state'];

/** An object's `ui:options.sameAddress`: the box's label, the field it stands before, and which field takes which part of the applicant's address. */
interface SameAddressOptions {
  label: string;
  field: string;
  fields: Readonly<Record<string, keyof Address>>;
}

function optionsOf(value: unknown): SameAddressOptions | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { label, field, fields } = value as Record<string, unknown>;
  if (typeof label !== 'string' || typeof field !== 'string' || !fields || typeof fields !== 'object') return undefined;
  const mapped = Object.entries(fields as Record<string, unknown>).filter((entry): entry is [string, keyof Address] => addressParts.includes(entry[1] as keyof Address));
  return { label, field, fields: Object.fromEntries(mapped) };
}

export interface SameAddress {
  /** The field the box stands before. */
  before: string;
  box: ReactNode;
  /** The fields the applicant's address fills, read-only while the box is ticked. */
  locked: ReadonlySet<string>;
}

/**
 * 'Same address as mine' on an object that asks an address (a nominee): ticked, the fields its options map take the
 * applicant's own address as the server holds it (GET /user `address`) and stay read-only; unticked, they are the
 * applicant's to edit again, as filled. Offered only when the server holds an address.
 */
export function useSameAddress(option: unknown, id: string, disabled: boolean): SameAddress | undefined {
  const options = optionsOf(option);
  const address = useAtomValue(userDetailsAtom)?.address ?? null;
  const patch = useObjectPatch();
  const [ticked, setTicked] = useState(false);
  if (!options || !address || !patch) return undefined;
  const fields = Object.entries(options.fields);
  const tick = (on: boolean) => {
    setTicked(on);
    if (on) patch(Object.fromEntries(fields.map(([field, part]) => [field, address[part] ?? undefined])));
  };
  const boxId = `${id}__sameAddress`;
  return {
    before: options.field,
    locked: new Set(ticked ? fields.map(([field]) => field) : []),
    box: (
      <label className="onboard-checkbox onboard-same-address" htmlFor={boxId}>
        <input id={boxId} type="checkbox" checked={ticked} disabled={disabled} onChange={(event) => tick(event.target.checked)} />
        <span>{options.label}</span>
      </label>
    ),
  };
}
