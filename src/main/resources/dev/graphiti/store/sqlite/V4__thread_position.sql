-- Schema 4: where in a conversation an item was said (thread: the session; position: grows along it), so search
-- can reach a turn through its neighbours' words. Items captured before this schema get their session as thread
-- and their storage order as position (capture stores a session's items in the order they were said), below
-- any position a later capture gives (a byte offset in the transcript, never negative).
ALTER TABLE items ADD COLUMN thread TEXT;
ALTER TABLE items ADD COLUMN position INTEGER;
UPDATE items SET thread = substr(source, 9), position = seq - 1099511627776 WHERE source LIKE 'capture:%';
CREATE INDEX items_thread ON items (thread, position) WHERE thread IS NOT NULL;
