CREATE TABLE "rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "activation_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"code" text NOT NULL,
	"license_mode" text NOT NULL,
	"remaining_count" integer,
	"expires_at" timestamp with time zone,
	"device_id" integer,
	"activated_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consume_requests" (
	"code_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"remaining_after" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consume_requests_code_id_request_id_pk" PRIMARY KEY("code_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "consumption_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consumption_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"code_id" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"request_id" text,
	"outcome" text NOT NULL,
	"remaining_after" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"code_id" bigint NOT NULL,
	"machine_id" text NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint_hash" text NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_nonces" (
	"session_id" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "license_nonces_session_id_nonce_pk" PRIMARY KEY("session_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "license_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone,
	CONSTRAINT "license_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "project_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"kid" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"origin" text DEFAULT 'project' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"verify_until" timestamp with time zone,
	CONSTRAINT "project_keys_kid_unique" UNIQUE("kid")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_project_key_unique" UNIQUE("project_key")
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer,
	"kind" text NOT NULL,
	"device_id" integer,
	"session_id" text,
	"ip" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_bans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "version_bans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"app_version" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" bigint NOT NULL,
	"request_id" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "admin_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_code_id_activation_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."activation_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_challenges" ADD CONSTRAINT "license_challenges_session_id_license_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."license_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_sessions" ADD CONSTRAINT "license_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_sessions" ADD CONSTRAINT "license_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_keys" ADD CONSTRAINT "project_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_bans" ADD CONSTRAINT "version_bans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_counters_expires" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_project_code" ON "activation_codes" USING btree ("project_id","code");--> statement-breakpoint
CREATE INDEX "activation_codes_project_created" ON "activation_codes" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "activation_codes_device" ON "activation_codes" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "consumption_logs_project_created" ON "consumption_logs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "consumption_logs_created" ON "consumption_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_code" ON "devices" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "devices_project_created" ON "devices" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "devices_machine" ON "devices" USING btree ("project_id","machine_id");--> statement-breakpoint
CREATE INDEX "license_nonces_expires" ON "license_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "license_sessions_device" ON "license_sessions" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "license_sessions_project_created" ON "license_sessions" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_keys_one_active" ON "project_keys" USING btree ("project_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "project_keys_project" ON "project_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "security_events_project_kind_created" ON "security_events" USING btree ("project_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "security_events_created" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "version_bans_project_version" ON "version_bans" USING btree ("project_id","app_version");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created" ON "admin_audit_log" USING btree ("created_at");