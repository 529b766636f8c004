-- Schema 6: an item's occasion, what the work was when a conversation settled it (the request, the files and commands
-- around it; '' for none); SQLite's schema 10 is the same. Searchable beside the statement: the stored tsvector is made
-- again with it at weight D, the content's (ts_rank has four weights and the other three are taken); the Java ranking
-- counts its words at half of the statement's on both stores (graph.LexicalRanking).
ALTER TABLE items ADD COLUMN occasion text NOT NULL DEFAULT '';
ALTER TABLE items DROP COLUMN search;
ALTER TABLE items ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('${language}', title), 'A') || setweight(to_tsvector('${language}', tags), 'B')
    || setweight(to_tsvector('${language}', entities), 'C') || setweight(to_tsvector('${language}', content), 'D')
    || setweight(to_tsvector('${language}', occasion), 'D')
) STORED;
CREATE INDEX items_search ON items USING gin (search);
