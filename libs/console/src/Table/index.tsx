import type { ComponentChildren } from 'preact';

/**
 * A table of the console: captioned, headed by column, and in a scroller a keyboard can reach, since wide tables
 * scroll sideways on a phone.
 */
export function Table({
  caption,
  columns,
  id,
  children,
}: {
  caption: string;
  columns: Array<string | false>;
  id?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="scroll" tabIndex={0}>
      <table id={id}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns
              .filter((column) => column !== false)
              .map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
