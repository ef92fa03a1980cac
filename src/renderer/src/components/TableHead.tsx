/**
 * The header row of a data table: one `<th scope="col">` per column, so every table names its
 * columns the same way for a screen reader. A null label is a column the table does not show now
 * (for example "Account" with a single account), and renders nothing.
 */
import type { JSX, ReactNode } from 'react';

export function TableHead({ columns }: { columns: readonly ReactNode[] }): JSX.Element {
  return (
    <thead>
      <tr>
        {columns.map((label, index) =>
          label === null || label === undefined ? null : (
            <th key={index} scope="col">
              {label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
