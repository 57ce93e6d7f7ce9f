-- The home page reads the last 24 hours of jobs by creation time: a range on this index stays small however long
-- publish_jobs grows. created_at never changes, so the index costs one entry per job and no updates.
CREATE INDEX "publish_jobs_created" ON "publish_jobs" USING btree ("created_at");