CREATE TABLE "account_presets" (
	"account_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_presets_account_id_content_type_pk" PRIMARY KEY("account_id","content_type")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"display_name" text NOT NULL,
	"executor" text NOT NULL,
	"node_id" text,
	"login_state" text DEFAULT 'unknown' NOT NULL,
	"external_ref" text,
	"site_url" text,
	"credentials_sealed" text,
	"paired" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"cover_image" text,
	"content_provenance" text NOT NULL,
	"ai_provider" text,
	"ai_model" text,
	"ai_image_count" integer DEFAULT 0 NOT NULL,
	"aigc" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execution_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"public_key" text,
	"machine_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"capabilities" jsonb DEFAULT '{"localVideoFile":0,"publishSettingsSnapshot":0}'::jsonb NOT NULL,
	"session_epoch" bigint DEFAULT 0 NOT NULL,
	"connected_replica" text,
	"connected_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "generation_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"custom_topic" text NOT NULL,
	"style" text NOT NULL,
	"word_count" integer NOT NULL,
	"article_id" text,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_flight' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"response_headers" jsonb,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "node_users" (
	"node_id" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "node_users_node_id_user_id_pk" PRIMARY KEY("node_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "publish_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"executor" text NOT NULL,
	"article_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"platform" text NOT NULL,
	"content_type" text NOT NULL,
	"executor" text NOT NULL,
	"node_id" text,
	"quota_bucket" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb NOT NULL,
	"settings_snapshot" jsonb NOT NULL,
	"settings_hash" text NOT NULL,
	"settings_contract_version" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"attempt_id" text,
	"node_epoch" bigint,
	"lease_until" timestamp with time zone,
	"feedback" jsonb,
	"platform_status" text,
	"platform_post_id" text,
	"platform_url" text,
	"verified_at" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_buckets" (
	"user_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_buckets_user_id_bucket_pk" PRIMARY KEY("user_id","bucket"),
	CONSTRAINT "quota_used_within_granted" CHECK ("quota_buckets"."used" >= 0 and "quota_buckets"."used" <= "quota_buckets"."granted")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text,
	"plan" jsonb NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_presets" ADD CONSTRAINT "account_presets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_node_id_execution_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."execution_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_tasks" ADD CONSTRAINT "generation_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_users" ADD CONSTRAINT "node_users_node_id_execution_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."execution_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_users" ADD CONSTRAINT "node_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_batches" ADD CONSTRAINT "publish_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_jobs" ADD CONSTRAINT "publish_jobs_batch_id_publish_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."publish_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_buckets" ADD CONSTRAINT "quota_buckets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_node_ref" ON "accounts" USING btree ("node_id","external_ref");--> statement-breakpoint
CREATE INDEX "api_keys_user" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "articles_user_created" ON "articles" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generation_tasks_status" ON "generation_tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "generation_tasks_user" ON "generation_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "node_users_user" ON "node_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "publish_batches_user_created" ON "publish_batches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "publish_batches_request" ON "publish_batches" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "publish_jobs_batch" ON "publish_jobs" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "publish_jobs_dispatch" ON "publish_jobs" USING btree ("state","node_id","created_at");--> statement-breakpoint
CREATE INDEX "publish_jobs_lease" ON "publish_jobs" USING btree ("state","lease_until");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_user" ON "webhook_deliveries" USING btree ("user_id","created_at");