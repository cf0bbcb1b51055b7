-- The rejected-rows file gives back the rows as the user wrote them (decision 0080): the import
-- keeps the file's header and encoding, and each refused row its original cells, so the file can
-- be fixed in a spreadsheet and imported again as is. Imports made before keep the short form.
ALTER TABLE list_imports
  ADD COLUMN header text[] CHECK (cardinality(header) <= 50),
  ADD COLUMN source_encoding text CHECK (source_encoding IN ('utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252'));
ALTER TABLE list_import_rejects ADD COLUMN cells text[] CHECK (cardinality(cells) <= 50);
