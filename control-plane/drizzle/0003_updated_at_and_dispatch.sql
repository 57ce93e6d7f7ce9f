CREATE TABLE "job_evidence" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_evidence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" text NOT NULL,
	"attempt_id" text NOT NULL,
	"node_id" text NOT NULL,
	"step" text NOT NULL,
	"error_code" text,
	"screenshot_png" text,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_verifications" (
	"job_id" text NOT NULL,
	"attempt_id" text NOT NULL,
	"unknown_since" timestamp with time zone DEFAULT now() NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "job_verifications_job_id_attempt_id_pk" PRIMARY KEY("job_id","attempt_id")
);
--> statement-breakpoint
CREATE TABLE "node_enrollment_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"user_ids" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"node_id" text,
	"machine_id" text,
	"fingerprint" text,
	CONSTRAINT "node_enrollment_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "node_inventories" (
	"node_id" text PRIMARY KEY NOT NULL,
	"files" jsonb NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_presets" RENAME COLUMN "created_at" TO "updated_at";--> statement-breakpoint
ALTER TABLE "generation_tasks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_batches" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_jobs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "job_evidence_job" ON "job_evidence" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_verifications_due" ON "job_verifications" USING btree ("resolved_at","next_check_at");--> statement-breakpoint
CREATE INDEX "node_enrollment_tokens_node" ON "node_enrollment_tokens" USING btree ("node_id");