import { t, type OpsTextKey } from './ops-texts';

/** A table's column headings, from their text keys (the same keys name each cell for a phone's stacked rows). */
export function ColumnHeads({ keys }: { keys: readonly OpsTextKey[] }) {
  return (
    <thead>
      <tr>
        {keys.map((key) => (
          <th key={key} scope="col">
            {t(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
