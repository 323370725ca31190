-- The digest of each entry's text (title, body, trigger), stamped by every write recall makes (EntryDigests) and
-- checked by `recall doctor`: text changed outside recall no longer matches it. Entries written before this
-- migration are stamped by Database.migrate right after it runs.
ALTER TABLE recall_entries ADD COLUMN text_digest TEXT;
