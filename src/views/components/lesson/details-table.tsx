// The plain tables of the lesson layout and the teacher's screens (Mantine's Table brings its scroll
// area along): a label/value table and the cell styles for a list table.
import type { CSSProperties, ReactNode } from 'react';

const BORDER = '1px solid var(--mantine-color-gray-3)';
export const TABLE: CSSProperties = {
  width: '100%',
  borderCollapse: 'collapse',
  border: BORDER,
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height)',
};
export const CELL: CSSProperties = { padding: '7px 10px', borderBottom: BORDER, textAlign: 'left' };
export const HEADER_CELL: CSSProperties = {
  ...CELL,
  fontWeight: 700,
  background: 'var(--mantine-color-gray-0)',
};
const ROW_HEADER: CSSProperties = { ...HEADER_CELL, width: 140 };

/** Label → value rows; a row whose value is empty is left out. */
export function DetailsTable({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <table style={{ ...TABLE, tableLayout: 'fixed' }}>
      <tbody>
        {rows
          .filter(([, value]) => value !== '' && value !== null && value !== undefined)
          .map(([label, value]) => (
            <tr key={label}>
              <th scope="row" style={ROW_HEADER}>
                {label}
              </th>
              <td style={CELL}>{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
