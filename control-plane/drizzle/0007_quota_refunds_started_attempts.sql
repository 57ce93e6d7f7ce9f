CREATE TABLE "quota_refunds" (
	"job_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"refunded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publish_jobs" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quota_refunds" ADD CONSTRAINT "quota_refunds_job_id_publish_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."publish_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quota_refunds_user" ON "quota_refunds" USING btree ("user_id","refunded_at");--> statement-breakpoint
-- CMS refunds made before this table existed carried their mark in the job's feedback: keep them once-only.
INSERT INTO "quota_refunds" ("job_id", "user_id", "bucket", "refunded_at")
SELECT "id", "user_id", "quota_bucket", ("feedback" ->> 'quotaRefundedAt')::timestamptz
FROM "publish_jobs" WHERE "feedback" ? 'quotaRefundedAt'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Attempts in flight were charged when they were claimed (the rule before this one): mark them started so they are not charged twice.
UPDATE "publish_jobs" SET "attempt_started_at" = "updated_at"
WHERE "state" IN ('offered', 'accepted', 'running', 'committed', 'unknown') AND "attempt" > 0;
