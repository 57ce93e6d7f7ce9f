ALTER TABLE "publish_jobs" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publish_jobs" ADD COLUMN "publish_deadline" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "publish_jobs_scheduled" ON "publish_jobs" USING btree ("publish_at") WHERE state = 'scheduled';--> statement-breakpoint
CREATE INDEX "publish_jobs_window" ON "publish_jobs" USING btree ("publish_deadline") WHERE state = 'queued' and publish_deadline is not null;