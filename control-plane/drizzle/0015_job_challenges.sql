CREATE TABLE "job_input_pages" (
	"job_id" text PRIMARY KEY NOT NULL,
	"attempt_id" text NOT NULL,
	"screenshot_png" text,
	"frame_seq" integer,
	"frame_jpeg" text,
	"frame_width" integer,
	"frame_height" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publish_jobs" ADD COLUMN "challenge_rule" jsonb;--> statement-breakpoint
ALTER TABLE "publish_jobs" ADD COLUMN "challenge" jsonb;--> statement-breakpoint
ALTER TABLE "publish_jobs" ADD COLUMN "input_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_input_pages" ADD CONSTRAINT "job_input_pages_job_id_publish_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."publish_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publish_jobs_input_deadline" ON "publish_jobs" USING btree ("input_deadline") WHERE input_deadline is not null;