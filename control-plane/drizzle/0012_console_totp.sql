CREATE TABLE "console_pending_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "console_pending_logins_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "console_recovery_codes" (
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "console_recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console_users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "console_pending_logins" ADD CONSTRAINT "console_pending_logins_user_id_console_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."console_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_recovery_codes" ADD CONSTRAINT "console_recovery_codes_user_id_console_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."console_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_pending_logins_user" ON "console_pending_logins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "console_pending_logins_expires" ON "console_pending_logins" USING btree ("expires_at");