// Column shapes the table files share (CamelCasePlugin maps snake_case columns to their names).
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb columns are written as JSON text; all of ours have a database default. */
export type Json<T> = ColumnType<T, string | undefined, string>;
export type SoftDelete = { deletedAt: ColumnType<Date | null, Date | null | undefined, Date | null> };
export type Stamps = { createdAt: CreatedAt; updatedAt: Timestamp };
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
