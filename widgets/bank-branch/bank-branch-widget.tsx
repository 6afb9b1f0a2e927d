import { Button } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { ResponsiveModal } from '../../src/renderer/public-api/dialog';
import { type Bank, type Branch, listBanks, searchBranches, useApi } from '../../src/renderer/public-api/reference-data';
import { bankLabel, BankPicker } from './bank-picker';
import { BranchPicker } from './branch-picker';
import { readableAddress } from './readable-address';
import { trimAddress } from './trim-address';
import './bank-branch.css';

const text = (options: Record<string, unknown>, key: string, fallback: string): string => {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
};
const count = (options: Record<string, unknown>, key: string, fallback: number): number => {
  const value = options[key];
  return typeof value === 'number' ? value : fallback;
};

/** The branch of the account, as its IFSC: choose a bank, search a branch, confirm it in a dialog. */
export function BankBranchWidget({ id, value, options, disabled, readonly, onChange }: StepWidgetProps) {
  const api = useApi();
  const [banks, setBanks] = useState<Bank[]>([]);
  const [bank, setBank] = useState<Bank | undefined>();
  const [pending, setPending] = useState<Branch | undefined>();
  const [chosen, setChosen] = useState<Branch | undefined>();
  const busy = !!(disabled || readonly);
  const addressLength = count(options, 'addressLength', 34);
  const unnamed = text(options, 'unnamedBank', 'Bank with IFSC code {code}');

  useEffect(() => {
    let current = true;
    listBanks(api)
      .then((all) => current && setBanks(all))
      .catch(() => current && setBanks([]));
    return () => {
      current = false;
    };
  }, [api]);

  // An IFSC typed into the bank search (as copied from a cheque): its bank, and its branch to confirm at once.
  const findByIfsc = useCallback(
    async (ifsc: string): Promise<boolean> => {
      const owner = banks.find((candidate) => candidate.code === ifsc.slice(0, 4));
      if (!owner) return false;
      const branch = (await searchBranches(api, owner.code, ifsc).catch((): Branch[] => [])).find((found) => found.ifsc === ifsc);
      if (!branch) return false;
      setBank(owner);
      setPending(branch);
      return true;
    },
    [api, banks],
  );

  const reset = () => {
    setBank(undefined);
    setChosen(undefined);
    onChange(undefined);
  };

  if (chosen && value === chosen.ifsc && bank) {
    return (
      <div className="bank-chosen" id={id}>
        <div>
          <strong>{bankLabel(bank, unnamed)}</strong>
          <span>
            {chosen.ifsc} · {chosen.name || chosen.city}
          </span>
        </div>
        <Button type="link" disabled={busy} onClick={reset}>
          {text(options, 'change', 'Change')}
        </Button>
      </div>
    );
  }

  return (
    <div className="bank-branch">
      {bank ? (
        <>
          <div className="bank-chosen">
            <strong>{bankLabel(bank, unnamed)}</strong>
            <Button type="link" disabled={busy} onClick={reset}>
              {text(options, 'change', 'Change')}
            </Button>
          </div>
          <BranchPicker
            id={id}
            bank={bank}
            label={text(options, 'branchLabel', 'IFSC or branch')}
            placeholder={text(options, 'branchPlaceholder', 'IFSC code or branch name')}
            noResults={text(options, 'noResults', 'No match')}
            maxLength={count(options, 'queryLength', 12)}
            disabled={busy}
            onPick={setPending}
          />
        </>
      ) : (
        <BankPicker
          id={id}
          banks={banks}
          label={text(options, 'bankLabel', 'Bank')}
          placeholder={text(options, 'bankPlaceholder', 'Search your bank')}
          popularTitle={text(options, 'popularTitle', 'Popular banks')}
          noResults={text(options, 'noResults', 'No match')}
          unnamed={unnamed}
          limit={count(options, 'results', 10)}
          disabled={busy}
          onPick={setBank}
          findByIfsc={findByIfsc}
        />
      )}
      <ResponsiveModal
        open={!!pending}
        title={text(options, 'confirmTitle', 'Confirm your branch')}
        onClose={() => setPending(undefined)}
        footer={
          <div className="bank-confirm-actions">
            <Button size="large" onClick={() => setPending(undefined)}>
              {text(options, 'notMine', 'Not my bank')}
            </Button>
            <Button
              type="primary"
              size="large"
              onClick={() => {
                setChosen(pending);
                onChange(pending?.ifsc);
                setPending(undefined);
              }}
            >
              {text(options, 'looksGood', 'Looks Good')}
            </Button>
          </div>
        }
      >
        {pending ? (
          <dl className="bank-confirm">
            <dt>IFSC Code</dt>
            <dd>{pending.ifsc}</dd>
            <dt>Address</dt>
            <dd title={readableAddress(pending)}>
              <span aria-hidden="true">{trimAddress(readableAddress(pending), addressLength)}</span>
              <span className="visually-hidden">{readableAddress(pending)}</span>
            </dd>
            <dt>City</dt>
            <dd>{pending.city}</dd>
            <dt>District</dt>
            <dd>{pending.district}</dd>
            <dt>State</dt>
            <dd>{pending.state}</dd>
          </dl>
        ) : null}
      </ResponsiveModal>
    </div>
  );
}
