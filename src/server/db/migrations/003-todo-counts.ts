/**
 * Superseded by migration 007, which removes what this one made (kept counters and title grams,
 * their triggers and fold). Kept by name, empty, so the migration history of a database that ran
 * it stays whole; a fresh database has nothing to undo.
 */
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}
