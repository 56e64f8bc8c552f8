import type { ReactNode } from 'react';
import * as s from './Table.css';
import { visuallyHidden } from './VisuallyHidden.css';
import { cx } from './cx';
import { useUiWords } from './words';

/** `wrap`: the column's text wraps (the table then fits its region instead of scrolling sideways, where it can). */
export type TableColumn = { key: string; header: string; align?: 'left' | 'right'; wrap?: boolean };

export type TableProps<Row extends Record<string, ReactNode>> = {
  /** Table caption and the scroll region's accessible name. */
  caption: string;
  /** Show the caption above the table (default: visually hidden). */
  captionVisible?: boolean;
  columns: TableColumn[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  /** Shown in a single cell when there are no rows. */
  emptyMessage?: ReactNode;
  className?: string;
};

/**
 * A data table inside a keyboard-scrollable region, so it never widens the page. In a narrow region (a phone) its rows
 * stack, each cell beside its column's name (Table.css.ts); the roles are stated, so that the stacked table (its
 * elements no longer displayed as a table) is still one to assistive technology.
 */
export function Table<Row extends Record<string, ReactNode>>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  emptyMessage,
  className,
}: TableProps<Row>) {
  const words = useUiWords();
  return (
    <div role="region" aria-label={caption} tabIndex={0} className={cx(s.region, className)}>
      <table role="table" className={cx(s.table, columns.some((column) => column.wrap) && s.fits)}>
        <caption className={captionVisible ? s.caption : visuallyHidden}>{caption}</caption>
        <thead role="rowgroup" className={s.head}>
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={cx(s.th, column.align === 'right' && s.right)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={s.body}>
          {rows.length === 0 ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className={s.empty}>
                {emptyMessage ?? words.nothingYet}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)} role="row" className={s.row}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    role="cell"
                    data-label={column.header}
                    className={cx(s.td, column.align === 'right' && s.right, column.wrap && s.wraps)}
                  >
                    {row[column.key]}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
