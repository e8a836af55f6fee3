import { sql, type Kysely } from 'kysely';

/**
 * SMS parts counted as a gateway splits them (issue 31.6): a character is never split across two parts,
 * so an extension character (two septets) that would start at a part's last septet, or an emoji (two UTF-16
 * units) at its last unit, begins the next part, and a long text may take one part more than
 * characters ÷ per part. `sms_segments(text)` is replaced to agree with shared/src/validation/sms-segments.ts
 * again (api/test/sms-segments.test.ts compares both, and both with the npm package `split-sms`).
 *
 * Still fast for a personalised send to 100,000 contacts counted in one INSERT … SELECT: the cheap formula
 * of migration 0005 whenever the split cannot change the count - one part, no two-unit character, or a
 * length at which every way of splitting gives the same count - and the walk (`sms_split_parts`) only for
 * the rest, stepping from one two-unit character to the next rather than through every character.
 * The literals are copied, not imported, so this migration stays what it was when it ran.
 */
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '|^€{}[]~\\\f';
/** Characters outside the Basic Multilingual Plane: a surrogate pair, two UTF-16 units. */
const ASTRAL = '[\\U00010000-\\U0010FFFF]';
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);
/** A regular-expression bracket matching any of `chars` (the characters special inside one escaped). */
const anyOf = (chars: string) => `[${[...chars].map((char) => ('\\]^-['.includes(char) ? `\\${char}` : char)).join('')}]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // For a text with a two-unit character. `wide` matches those; every other character takes one unit, so
  // the pieces between them give each one's offset. A part starts `per_part` units after the previous one,
  // except where a wide character would start at its last unit: then that character starts the next part.
  // Greedy splitting wastes at most one unit per part, so the count lies between ceil(characters / per_part)
  // and ceil(characters / (per_part - 1)): when both agree, that is the count, without the walk.
  await sql`
    create or replace function sms_split_parts(message text, wide text, single integer, per_part integer) returns integer
    language plpgsql immutable parallel safe as $$
    declare
      pieces text[] := regexp_split_to_array(message, wide);
      characters integer := length(message) + array_length(pieces, 1) - 1;
      part_start integer := 0;
      parts integer := 1;
      unit integer := 0;
      skipped integer;
    begin
      if characters <= single then
        return 1;
      elsif ceil(characters::numeric / per_part) = ceil(characters::numeric / (per_part - 1)) then
        return ceil(characters::numeric / per_part)::integer;
      end if;
      for i in 1 .. array_length(pieces, 1) - 1 loop
        unit := unit + length(pieces[i]);
        skipped := (unit - part_start) / per_part;
        part_start := part_start + skipped * per_part;
        parts := parts + skipped;
        if unit - part_start = per_part - 1 then
          part_start := unit;
          parts := parts + 1;
        end if;
        unit := unit + 2;
      end loop;
      return parts - 1 + ceil((characters - part_start)::numeric / per_part)::integer;
    end
    $$`.execute(db);
  // Texts without a two-unit character (most) keep 0005's formula, in an SQL function PostgreSQL inlines
  // into the INSERT … SELECT; the regular expressions stop at the first character that decides.
  await sql`
    create or replace function sms_segments(message text) returns integer language sql immutable parallel safe as $$
      select case
        when message ~ ${literal(`^${anyOf(GSM7_BASIC + GSM7_EXTENDED)}*$`)} then
          case when message ~ ${literal(anyOf(GSM7_EXTENDED))}
            then sms_split_parts(message, ${literal(anyOf(GSM7_EXTENDED))}, 160, 153)
            else sms_parts(length(message), 160, 153) end
        else
          case when message ~ ${literal(ASTRAL)}
            then sms_split_parts(message, ${literal(ASTRAL)}, 70, 67)
            else sms_parts(length(message), 70, 67) end
      end
    $$`.execute(db);
}

/** Back to migration 0005's count (characters ÷ per part). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function sms_segments(message text) returns integer language sql immutable parallel safe as $$
      select case
        when message ~ ${literal(`^${anyOf(GSM7_BASIC + GSM7_EXTENDED)}*$`)}
          then sms_parts(length(message) + regexp_count(message, ${literal(anyOf(GSM7_EXTENDED))}), 160, 153)
        else sms_parts(length(message) + regexp_count(message, ${literal(ASTRAL)}), 70, 67)
      end
    $$`.execute(db);
  await sql`drop function if exists sms_split_parts(text, text, integer, integer)`.execute(db);
}
