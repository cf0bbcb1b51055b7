// Which of a lead's numbers its next attempt dials (decision 0066): its phones in turn, one per
// attempt made, so after a NO_ANSWER/BUSY/FAILED on one number the retry dials the next. The
// area-code window and the suppression check judge this number, and dial_attempts.phone records it.
import { sql } from 'kysely';

/** The number to dial of the lead aliased `l` (SQL, 1-based array: attempts 0 → phones[1]). */
export const nextNumber = sql<string>`l.phones[l.attempts % cardinality(l.phones) + 1]`;
