/**
 * What an import file names by name (its projects, its labels), gathered while the file is read:
 * one entry per name (names compare in any case, as the owner's do), which todos refer to by the
 * entry's index. JSON files declare them in a list with ids, which their todos name them by.
 */
import * as v from 'valibot';
import { isRecord } from '../../shared/qs-object';
import { titleKey } from '../../shared/title-key';
import { fieldError } from './errors';
import { parseWith } from './validate';

export abstract class FileNamedRecords<Entry, Checked extends { name: string }> {
  readonly list: Entry[] = [];
  private readonly byKey = new Map<string, number>();
  /** JSON's ids (the exporting account's), by the entry they name. */
  private readonly byFileId = new Map<unknown, number>();

  protected constructor(
    private readonly schema: v.GenericSchema<unknown, Checked>,
    /** The error of a record a row names (not a declared one), from the schema's message. */
    private readonly rowError: (message: string) => Error,
  ) {}

  /** The entry a record's checked fields make, with the defaults of what the file left out. */
  protected abstract entryOf(checked: Checked): Entry;

  /**
   * The entry of a record named by a row (`where` names it in an error, e.g. "Label 2"; undefined:
   * the caller names the row); a declaration's fields replace what an earlier mention assumed.
   */
  add(raw: Record<string, unknown>, where: string | undefined, declared: boolean): number {
    let checked: Checked;
    try {
      checked = parseWith(this.schema, raw);
    } catch (error) {
      const issue = (error as { details?: { errors?: { message: string }[] } }).details
        ?.errors?.[0];
      if (!issue) throw error;
      throw where ? fieldError([], `${where}: ${issue.message}`) : this.rowError(issue.message);
    }
    const key = titleKey(checked.name);
    const known = this.byKey.get(key);
    const entry = this.entryOf(checked);
    if (known === undefined) {
      this.byKey.set(key, this.list.length);
      this.list.push(entry);
      return this.list.length - 1;
    }
    if (declared) this.list[known] = entry;
    return known;
  }

  /** A JSON file's declared list (`field`): each record with the id its todos name it by. */
  protected addDeclared(records: unknown, field: string, shape: string, noun: string): void {
    if (records === undefined) return;
    if (!Array.isArray(records)) throw fieldError([field], `${field} must be a list of ${shape}`);
    for (const [index, record] of records.entries()) {
      const raw = isRecord(record) ? record : {};
      this.byFileId.set(raw.id, this.add(raw, `${noun} ${index + 1}`, true));
    }
  }

  /** The entry a JSON file's id names, or undefined when it names none of the declared ones. */
  protected declaredAs(id: unknown): number | undefined {
    return this.byFileId.get(id);
  }
}
