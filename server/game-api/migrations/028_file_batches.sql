-- PUT files/updateFilesBatchByFileId: an uploaded file carries a batch label the operator groups uploads by.
ALTER TABLE files ADD COLUMN batch text NOT NULL DEFAULT '';
