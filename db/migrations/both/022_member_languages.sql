-- Each member's language (issue 58): the catalogue their Discord client last asked for
-- (seen), and the one they chose with /language (chosen; NULL: follow the client). Only
-- catalogue tags are kept (en, de, fr, es, pt-BR), never Discord's raw locale.
CREATE TABLE member_languages (
    user_id    {{big}}  PRIMARY KEY,
    seen       TEXT,
    chosen     TEXT,
    updated_at {{time}} NOT NULL
);
