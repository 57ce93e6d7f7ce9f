-- The dispatch claim offers an account one job at a time: this partial index answers "has the account a job in flight"
-- (offered, accepted, running or awaiting input, committing) from its few rows.
CREATE INDEX "publish_jobs_account_busy" ON "publish_jobs" USING btree ("account_id") WHERE state in ('offered', 'accepted', 'running', 'committed');